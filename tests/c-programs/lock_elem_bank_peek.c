// Racy twin of lock_elem_bank.c: a teller peeks at the balance before taking the account's
// mutex, while another teller holding it writes the balance.
// expect: acct[].balance RACE
// expect: acct[].ops race-free
// expect-race-at: acct[].balance 28 31
// fixed-twin: lock_elem_bank.c
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
      if (acct[a].balance < -1000)
        continue;
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
