// Racy twin of lock_elem_helper.c: the operation count is bumped after the account's mutex
// is released.
// expect: acct[].balance race-free
// expect: acct[].ops RACE
// expect-race-at: acct[].ops 31 31
// fixed-twin: lock_elem_helper.c
#include <pthread.h>
#include <stdint.h>

#define NACCT 16

struct account {
  pthread_mutex_t m;
  long balance;
  int ops;
};

static struct account acct[NACCT];

static int
deposit (struct account *p, long x)
{
  pthread_mutex_lock (&p->m);
  if (p->balance + x < 0)
    {
      pthread_mutex_unlock (&p->m);
      return -1;
    }
  p->balance += x;
  pthread_mutex_unlock (&p->m);
  p->ops++;
  return 0;
}

static void *
teller (void *arg)
{
  int id = (int) (intptr_t) arg;
  int refused = 0;
  for (int k = 0; k < 1000; k++)
    if (deposit (&acct[(id * 7 + k) % NACCT], k % 3 - 1) < 0)
      refused++;
  return (void *) (intptr_t) refused;
}

int
main (void)
{
  pthread_t t[4];
  for (int i = 0; i < NACCT; i++)
    pthread_mutex_init (&acct[i].m, NULL);
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, teller, (void *) (intptr_t) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
