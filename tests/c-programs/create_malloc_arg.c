// A thread's argument allocated right in the pthread_create call: the start routine's
// parameter points to that allocation site's object (untyped: it is not stored in a
// typed pointer; fresh at the call, but the
// thread keeps it). The worker publishes it, then bumps it while the reader reads it.
// expect: heap@create_malloc_arg.c:33 RACE
// expect: last race-free
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

struct counter { int n; };
struct counter *last;

static void *worker (void *arg)
{
  struct counter *c = arg;
  __atomic_store_n (&last, c, __ATOMIC_SEQ_CST);
  c->n++;
  return NULL;
}

static void *reader (void *arg)
{
  (void) arg;
  struct counter *c = __atomic_load_n (&last, __ATOMIC_SEQ_CST);
  return c ? (void *) (long) c->n : NULL;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, reader, NULL);
  pthread_create (&t, NULL, worker, calloc (1, sizeof (struct counter)));
  return 0;
}
