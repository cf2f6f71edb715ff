// Not private: the pointer's bytes are copied into a global with memcpy (through &p),
// so another worker may read the object while its owner writes it.
// expect: heap@heap_escape_copy.c:18.n RACE
// expect: last race-free
// fixed-twin: heap_private.c
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
struct item { int n; };
struct item *last;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  struct item *it;
  int seen = 0;
  (void) arg;
  it = malloc (sizeof *it);
  pthread_mutex_lock (&m);
  if (last)
    seen = last->n;
  memcpy (&last, &it, sizeof it);
  pthread_mutex_unlock (&m);
  if (it)
    it->n = seen + 1;
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
}
