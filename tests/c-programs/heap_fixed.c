// Heap object shared by two workers, its counter protected by a global lock.
// expect: heap@heap_fixed.c:22.count race-free
// expect: heap@heap_fixed.c:22.name race-free
#include <pthread.h>
#include <stdlib.h>

struct job { int count; const char *name; };
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  struct job *j = arg;
  pthread_mutex_lock (&m);
  j->count++;
  pthread_mutex_unlock (&m);
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
