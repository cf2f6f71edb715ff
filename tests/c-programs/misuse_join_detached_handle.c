// misuse_join_detached_handle.c: main starts a flusher, detaches it (it is meant to run
// in the background), and at shutdown still joins it: pthread_join of a detached thread
// is undefined in POSIX.
// expect: flushed race-free
// expect-deadlock: join of detached flusher: JOIN OF DETACHED
// fixed-twin: misuse_join_detached_handle_fixed.c
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long flushed;   /* guarded by m */

static void *
flush (void *arg)
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
  pthread_t flusher;
  pthread_create (&flusher, NULL, flush, NULL);
  pthread_detach (flusher);
  pthread_mutex_lock (&m);
  flushed++;
  pthread_mutex_unlock (&m);
  pthread_join (flusher, NULL);
  return 0;
}
