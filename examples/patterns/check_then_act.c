// Pattern: check-then-act — a withdrawal tests the balance, then subtracts, with no lock.
// expect: balance RACE
// expect: stderr race-free
// why: two tellers can both read the balance, both pass the test and both write it: the
//   test and the update of one teller overlap the other's (and the account can go negative).
// fixed-twin: check_then_act_locked.c
#include <pthread.h>
#include <stdio.h>

static long balance = 100;

static int withdraw (long amount)
{
  if (balance >= amount)
    {
      balance -= amount;
      return 1;
    }
  return 0;
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
