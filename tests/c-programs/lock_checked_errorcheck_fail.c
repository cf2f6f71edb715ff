// As lock_checked_errorcheck.c, but the failure path of the audit counts the failed
// audit in the shared counter, without the lock it failed to take.
// expect: moves race-free
// expect: audits RACE
// expect-race-at: audits 43 40
// expect: balance[] race-free
// expect: stderr race-free
// fixed-twin: lock_checked_errorcheck.c
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t acct;
static long balance[4];
static long moves, audits;

static int
move (int from, int to, long amount)
{
  if (pthread_mutex_lock (&acct) != 0)
    return -1;
  balance[from] -= amount;
  balance[to] += amount;
  moves++;
  pthread_mutex_unlock (&acct);
  return 0;
}

static void *
teller (void *arg)
{
  int id = (int) (long) arg;
  for (int r = 0; r < 100; r++)
    if (move ((id + r) % 4, (id + r + 1) % 4, 5) < 0)
      return NULL;
  int rc = pthread_mutex_lock (&acct);
  if (rc)
    {
      fprintf (stderr, "lock: error %d\n", rc);
      audits--;
      return NULL;
    }
  audits++;
  pthread_mutex_unlock (&acct);
  return NULL;
}

int
main (void)
{
  pthread_mutexattr_t attr;
  pthread_t t[3];
  pthread_mutexattr_init (&attr);
  pthread_mutexattr_settype (&attr, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init (&acct, &attr);
  for (long i = 0; i < 3; i++)
    pthread_create (&t[i], NULL, teller, (void *) i);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %ld\n", moves, audits);
  return 0;
}
