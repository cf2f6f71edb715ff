// misuse_join_detached_self.c: a worker detaches itself first thing (it was written to
// run on its own), but main waits for it with pthread_join: a join of a detached
// thread, undefined in POSIX.
// expect: items race-free
// expect-deadlock: join of detached worker_tid: JOIN OF DETACHED
// fixed-twin: misuse_join_detached_self_fixed.c
// mutants: none: a join misuse test: its accesses are ordered by a join or a semaphore, or
//   made by one thread, besides the mutex: a deleted lock section leaves it race-free
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int items;   /* guarded by m */

static void *
worker (void *arg)
{
  (void) arg;
  pthread_detach (pthread_self ());
  pthread_mutex_lock (&m);
  items++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t worker_tid;
  pthread_create (&worker_tid, NULL, worker, NULL);
  pthread_join (worker_tid, NULL);
  pthread_mutex_lock (&m);
  items--;
  pthread_mutex_unlock (&m);
  return 0;
}
