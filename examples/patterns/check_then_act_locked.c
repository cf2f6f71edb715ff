// Pattern: check-then-act, locked — the test and the update of the balance form one
// critical section.
// expect: balance race-free
// expect: stderr race-free
// why: withdraw holds account_lock from the test to the update, so no two tellers touch
//   balance at once, and the test still holds when the update runs.
// racy-twin: check_then_act.c
#include <pthread.h>
#include <stdio.h>

static long balance = 100;
static pthread_mutex_t account_lock = PTHREAD_MUTEX_INITIALIZER;

static int withdraw (long amount)
{
  int ok = 0;
  pthread_mutex_lock (&account_lock);
  if (balance >= amount)
    {
      balance -= amount;
      ok = 1;
    }
  pthread_mutex_unlock (&account_lock);
  return ok;
}

static void *teller (void *arg)
{
  long amount = (long) arg;
  if (!withdraw (amount))
    fprintf (stderr, "insufficient funds for %ld\n", amount);
  return NULL;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, teller, (void *) 70L);
  pthread_create (&b, NULL, teller, (void *) 60L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
