// The fixed twin of thread_local_escape.c: each worker increments its own copy of
// the __thread variable, by name; no thread ever sees another's copy, so it is no
// shared location at all.
// expect: shared_total race-free
// racy-twin: thread_local_escape.c
#include <pthread.h>

static __thread int mine;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int shared_total;

static void *worker (void *arg)
{
  mine++;
  mine += 2;
  pthread_mutex_lock (&m);
  shared_total += mine;
  pthread_mutex_unlock (&m);
  return arg;
}

int main (void)
{
  pthread_t t1, t2;
  mine = 1;
  pthread_create (&t1, NULL, worker, NULL);
  pthread_create (&t2, NULL, worker, NULL);
  return 0;
}
