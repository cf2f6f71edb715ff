// Pattern: lock reached through a pointer to one mutex — account operations receive the
// account (with its mutex inside) by pointer; every caller passes the one global account.
// expect: savings.balance race-free
// why: deposit() and withdraw() lock a->lock and update a->balance; the only account ever
//   passed is &savings, so they all lock savings.lock around savings.balance.
// racy-twin: lock_pointer_racy.c
#include <pthread.h>
#include <stdio.h>

struct account
{
  pthread_mutex_t lock;
  long balance;
};

static struct account savings = { PTHREAD_MUTEX_INITIALIZER, 0 };

static void deposit (struct account *a, long amount)
{
  pthread_mutex_lock (&a->lock);
  a->balance += amount;
  pthread_mutex_unlock (&a->lock);
}

static int withdraw (struct account *a, long amount)
{
  int ok = 0;
  pthread_mutex_lock (&a->lock);
  if (a->balance >= amount)
    {
      a->balance -= amount;
      ok = 1;
    }
  pthread_mutex_unlock (&a->lock);
  return ok;
}

static void *customer (void *arg)
{
  long amount = (long) arg;
  deposit (&savings, amount);
  if (!withdraw (&savings, amount / 2))
    puts ("declined");
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (long i = 1;; i++)
    pthread_create (&t, NULL, customer, (void *) i);
}
