// A pool of flushers started from one attribute: main sets its stack size and makes it
// detached, then starts NFLUSH flushers into the same handle in a loop, checking each
// pthread_create's result, and finally joins the last one it started to wait for it:
// a join of a detached thread (POSIX leaves it undefined; glibc may fail with EINVAL
// or crash). Every path to the creates has the attribute set detached.
// expect: flushed race-free
// expect: stderr race-free
// expect-deadlock: join of detached last: JOIN OF DETACHED
// fixed-twin: misuse_join_detached_attr_pool_fixed.c
#include <pthread.h>
#include <stdio.h>

#define NFLUSH 4

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long flushed;   /* guarded by m */

static void *
flusher (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  flushed++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_attr_t attr;
  pthread_t last;
  int rc;

  pthread_attr_init (&attr);
  pthread_attr_setstacksize (&attr, 1 << 20);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  for (int i = 0; i < NFLUSH; i++)
    {
      rc = pthread_create (&last, &attr, flusher, NULL);
      if (rc != 0)
        {
          fprintf (stderr, "pthread_create: %d\n", rc);
          return 1;
        }
    }
  pthread_attr_destroy (&attr);
  pthread_join (last, NULL);
  pthread_mutex_lock (&m);
  printf ("%ld\n", flushed);
  pthread_mutex_unlock (&m);
  return 0;
}
