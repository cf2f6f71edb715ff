// Pattern: lock through a pointer, wrong account locked — a transfer locks only the source
// account and then also credits the destination account.
// expect: savings.balance RACE
// expect: checking.balance RACE
// why: transfer (&savings, &checking) writes checking.balance holding only savings.lock,
//   while a deposit to checking holds checking.lock: the two writers hold different mutexes.
//   Likewise for transfers in the other direction and savings.balance.
// fixed-twin: lock_pointer.c
#include <pthread.h>

struct account
{
  pthread_mutex_t lock;
  long balance;
};

static struct account savings = { PTHREAD_MUTEX_INITIALIZER, 0 };
static struct account checking = { PTHREAD_MUTEX_INITIALIZER, 0 };

static void deposit (struct account *a, long amount)
{
  pthread_mutex_lock (&a->lock);
  a->balance += amount;
  pthread_mutex_unlock (&a->lock);
}

static void transfer (struct account *from, struct account *to, long amount)
{
  pthread_mutex_lock (&from->lock);
  from->balance -= amount;
  to->balance += amount;
  pthread_mutex_unlock (&from->lock);
}

static void *saver (void *arg)
{
  long amount = (long) arg;
  deposit (&checking, amount);
  transfer (&checking, &savings, amount / 2);
  return NULL;
}

static void *spender (void *arg)
{
  long amount = (long) arg;
  deposit (&savings, amount);
  transfer (&savings, &checking, amount);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (long i = 1;; i++)
    pthread_create (&t, NULL, i % 2 ? saver : spender, (void *) i);
}
