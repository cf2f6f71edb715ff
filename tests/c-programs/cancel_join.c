// pthread_cancel ends a thread blocked in pthread_cond_wait (a cancellation point):
// the join returns, and main then writes what another thread still updates.
// expect: hits RACE
// expect-deadlock: end holding m: HELD AT END
//   (cancelled in pthread_cond_wait, the worker takes m back and ends holding it: no cleanup handler unlocks it)
// expect-stderr: pthread_cancel: every thread may end at any call that may be a cancellation point
#include <pthread.h>
#include <unistd.h>

int hits;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;

static void *
idler (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  for (;;)
    pthread_cond_wait (&c, &m);
  return NULL;
}

static void *
counter (void *arg)
{
  (void) arg;
  for (;;)
    hits++;
  return NULL;
}

int
main (void)
{
  pthread_t t, u;
  pthread_create (&t, NULL, idler, NULL);
  pthread_create (&u, NULL, counter, NULL);
  sleep (1);
  pthread_cancel (t);
  pthread_join (t, NULL);
  hits = 0;
  return 0;
}
