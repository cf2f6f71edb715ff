// As jump_retry.c, but the retry point is inside the locked region: the first attempt
// holds the mutex, but a retry jumps back after the unlock and adds to the total
// without it (and unlocks a mutex it does not hold). The race is only reached through
// the longjmp.
// expect: total RACE
// expect-race-at: total 34 34
// expect-deadlock: unlock m: NOT HELD
// known-gap-deadlocks: unknown: the retry point is reached holding m on the first pass and not after the
//   jump, and the replay of the shortest run to the unlock holds it there
// fixed-twin: jump_retry.c
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long total;   /* guarded by m */

static void
give_up_or_retry (jmp_buf *retry, int attempts)
{
  if (attempts < 3)
    longjmp (*retry, attempts);
}

static void *
worker (void *arg)
{
  jmp_buf retry;
  volatile int attempts = 0;
  (void) arg;
  pthread_mutex_lock (&m);
  setjmp (retry);   /* the retry point inside the lock: a retry comes back unlocked */
  attempts++;
  total += attempts;
  pthread_mutex_unlock (&m);
  give_up_or_retry (&retry, attempts);
  return NULL;
}

int
main (void)
{
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", total);
  return 0;
}
