// A thread's argument allocated right in the pthread_create call: the start routine's
// parameter points to that allocation site's object (untyped: it is not stored in a
// typed pointer; fresh at the call, but the
// thread keeps it). The worker publishes it and bumps it under the lock the reader
// takes to read it.
// expect: heap@create_malloc_arg_fixed.c:40 race-free
// expect: last race-free
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

struct counter { int n; };
struct counter *last;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  struct counter *c = arg;
  __atomic_store_n (&last, c, __ATOMIC_SEQ_CST);
  pthread_mutex_lock (&m);
  c->n++;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *reader (void *arg)
{
  (void) arg;
  struct counter *c = __atomic_load_n (&last, __ATOMIC_SEQ_CST);
  pthread_mutex_lock (&m);
  long v = c ? c->n : 0;
  pthread_mutex_unlock (&m);
  return (void *) v;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, reader, NULL);
  pthread_create (&t, NULL, worker, calloc (1, sizeof (struct counter)));
  return 0;
}
