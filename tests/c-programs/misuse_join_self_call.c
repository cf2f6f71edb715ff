// misuse_join_self_call.c: a worker that is told to shut down waits for "the worker"
// with pthread_join (pthread_self (), NULL): it joins itself, which glibc refuses with
// EDEADLK (a self-deadlock in POSIX terms), and its caller goes on as if it had waited.
// expect: jobs race-free
// expect-deadlock: self-join pthread_self (): SELF-JOIN
// fixed-twin: misuse_join_self_call_fixed.c
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
  pthread_join (pthread_self (), NULL);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  return 0;
}
