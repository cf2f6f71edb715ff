// The fixed twin of heap_escape_create.c: main finishes writing the object before it
// hands it to the worker, and never touches it afterwards.
// expect: heap@heap_escape_create_fixed.c:20.n race-free
// racy-twin: heap_escape_create.c
#include <pthread.h>
#include <stdlib.h>

struct item { int n; };

static void *worker (void *arg)
{
  struct item *it = arg;
  return (void *) (long) it->n;
}

int main (void)
{
  pthread_t t;
  struct item *it;
  it = malloc (sizeof *it);
  if (!it)
    return 1;
  it->n = 0;
  it->n = 1;
  pthread_create (&t, NULL, worker, it);
  return 0;
}
