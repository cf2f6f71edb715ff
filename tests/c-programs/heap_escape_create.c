// Not private: main allocates the object and hands it to a worker it creates, then
// keeps writing it.
// expect: heap@heap_escape_create.c:19.n RACE
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
  pthread_create (&t, NULL, worker, it);
  it->n = 1;
  return 0;
}
