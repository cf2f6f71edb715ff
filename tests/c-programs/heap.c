// Heap objects are named by allocation site; two workers share one object.
// expect: heap@heap.c:19.count RACE
// expect: heap@heap.c:19.name race-free
#include <pthread.h>
#include <stdlib.h>

struct job { int count; const char *name; };

static void *worker (void *arg)
{
  struct job *j = arg;
  j->count++;
  return (void *) j->name;
}

int main (void)
{
  pthread_t a, b;
  struct job *j = malloc (sizeof *j);
  j->name = "job";
  pthread_create (&a, NULL, worker, j);
  pthread_create (&b, NULL, worker, j);
  return 0;
}
