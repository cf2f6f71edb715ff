// pthread_cancel ends a worker blocked in pthread_cond_wait (a cancellation point);
// main writes the counter only after cancelling and joining the only thread that
// updates it, which may end at its sleep (a cancellation point) or its wait.
// expect: hits race-free
// expect-deadlock: end holding m: HELD AT END
//   (cancelled in pthread_cond_wait, the worker takes m back and ends holding it: no cleanup handler unlocks it)
// expect-stderr: pthread_cancel: every thread may end at any call that may be a cancellation point
#include <pthread.h>
#include <unistd.h>

int hits;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;

static void *
worker (void *arg)
{
  (void) arg;
  for (;;)
    {
      hits++;
      usleep (100);
      pthread_mutex_lock (&m);
      pthread_cond_wait (&c, &m);
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  sleep (1);
  pthread_cancel (t);
  pthread_join (t, NULL);
  hits = 0;
  return 0;
}
