// A worker asks for asynchronous cancellation and spins; main samples the progress
// under the mutex, cancels the worker, joins it, and reads the progress again. racefree
// lets the worker end at any point (holding the mutex, maybe: which is no race).
// expect: progress race-free
// expect-deadlock: end holding mu: HELD AT END
//   (cancelled asynchronously, a worker may end inside its critical section, holding mu)
// racy-twin: cancel_async_early.c
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
  long seen;
  pthread_create (&t, NULL, spin, NULL);
  sleep (1);
  pthread_mutex_lock (&mu);
  seen = progress;
  pthread_mutex_unlock (&mu);
  pthread_cancel (t);
  pthread_join (t, NULL);
  printf ("%ld %ld\n", seen, progress);
  return 0;
}
