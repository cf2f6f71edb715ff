// Per-element locks: an array of accounts, each with its own mutex; tellers pick an account
// by a computed index and update it under that account's mutex. A race on acct[].balance
// happens on one account: the model guesses, at each lock, whether the index is that
// account's, and follows it exactly (rf-c-lower-guess.c).
// expect: acct[].balance race-free
// expect: acct[].ops race-free
// racy-twin: lock_elem_bank_peek.c
#include <pthread.h>
#include <stdint.h>

#define NACCT 32

struct account {
  pthread_mutex_t m;
  long balance;
  unsigned ops;
};

static struct account acct[NACCT];

static void *
teller (void *arg)
{
  unsigned seed = (unsigned) (uintptr_t) arg;
  for (int k = 0; k < 1000; k++)
    {
      seed = seed * 1103515245u + 12345u;
      int a = (int) (seed >> 8) % NACCT;
      pthread_mutex_lock (&acct[a].m);
      acct[a].balance += (long) (seed % 7) - 3;
      acct[a].ops++;
      pthread_mutex_unlock (&acct[a].m);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[4];
  for (int i = 0; i < NACCT; i++)
    pthread_mutex_init (&acct[i].m, NULL);
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, teller, (void *) (uintptr_t) (i + 1));
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
