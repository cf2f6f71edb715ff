// misuse_join_self_call_fixed.c: misuse_join_self_call.c fixed: the worker just returns,
// and main, which started it, joins it.
// expect: jobs race-free
// mutants: none: a join misuse test: its accesses are ordered by a join or a semaphore, or
//   made by one thread, besides the mutex: a deleted lock section leaves it race-free
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int jobs;   /* guarded by m */

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  jobs++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  pthread_mutex_lock (&m);
  jobs--;
  pthread_mutex_unlock (&m);
  return 0;
}
