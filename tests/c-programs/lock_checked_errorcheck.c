// An error-checking mutex whose lock result is checked: `if (pthread_mutex_lock (&m)
// != 0) return -1;` and, elsewhere, `rc = pthread_mutex_lock (&m); if (rc) { ...;
// return; }`. The lock is held only on the success path, so a failure path holds
// nothing and the helper is never taken to lock the mutex twice.
// expect: moves race-free
// expect: audits race-free
// expect: balance[] race-free
// expect: stderr race-free
// racy-twin: lock_checked_errorcheck_fail.c
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
