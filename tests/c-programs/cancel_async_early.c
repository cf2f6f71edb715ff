// As cancel_async.c, but main reads the progress right after pthread_cancel, without
// the mutex and before the join: cancellation is asked for, not yet done.
// expect: progress RACE
// expect-deadlock: end holding mu: HELD AT END
//   (cancelled asynchronously, a worker may end inside its critical section, holding mu)
// expect-race-at: progress 36 23
// fixed-twin: cancel_async.c
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static long progress;

static void *
spin (void *arg)
{
  (void) arg;
  pthread_setcanceltype (PTHREAD_CANCEL_ASYNCHRONOUS, NULL);
  for (;;)
    {
      pthread_mutex_lock (&mu);
      progress++;
      pthread_mutex_unlock (&mu);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, spin, NULL);
  sleep (1);
  pthread_cancel (t);
  printf ("%ld\n", progress);   /* the worker may not have stopped yet */
  pthread_join (t, NULL);
  return 0;
}
