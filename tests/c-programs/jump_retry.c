// A worker retries its update with setjmp/longjmp: setjmp marks the retry point before
// the lock, each attempt adds to the total under the lock, and the worker jumps back
// for another attempt after releasing it. Every attempt locks again, so the total is
// only written holding the mutex.
// expect: total race-free
// racy-twin: jump_retry_unlocked.c
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
  setjmp (retry);
  attempts++;
  pthread_mutex_lock (&m);
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
