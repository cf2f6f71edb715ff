// misuse_join_detached_handle_fixed.c: misuse_join_detached_handle.c fixed: main either
// detaches the flusher (in the background) or joins it, in the two branches of one `if`,
// never both.
// expect: flushed race-free
// expect-deadlock: join of detached flusher: cannot happen (proved)
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
main (int argc, char **argv)
{
  (void) argv;
  pthread_t flusher;
  pthread_create (&flusher, NULL, flush, NULL);
  pthread_mutex_lock (&m);
  flushed++;
  pthread_mutex_unlock (&m);
  if (argc > 1)
    pthread_detach (flusher);
  else
    pthread_join (flusher, NULL);
  return 0;
}
