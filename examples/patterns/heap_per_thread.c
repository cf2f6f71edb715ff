// Pattern: per-thread heap objects — each worker allocates its own scratch buffer, fills
// it, uses it and frees it; no pointer to it ever leaves the worker.
// expect: heap@heap_per_thread.c:27.n race-free
// expect: heap@heap_per_thread.c:27.data[] race-free
// known-gap: heap@heap_per_thread.c:27.n RACE: one location per allocation site: the objects
//   of different threads from the same malloc are not told apart
// known-gap: heap@heap_per_thread.c:27.data[] RACE: one location per allocation site: the
//   objects of different threads from the same malloc are not told apart
// why: every object from this allocation site is reachable from exactly one thread, the one
//   that allocated it, so no two threads ever access the same object.
// racy-twin: heap_shared.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define CAP 64

struct scratch
{
  int n;
  long data[CAP];
};

static void *worker (void *arg)
{
  long seed = (long) arg;
  struct scratch *s = malloc (sizeof *s);
  if (!s)
    return NULL;
  s->n = 0;
  while (s->n < CAP)
    {
      s->data[s->n] = seed * s->n;
      s->n++;
    }
  long sum = 0;
  for (int i = 0; i < s->n; i++)
    sum += s->data[i];
  free (s);
  return (void *) sum;
}

int main (void)
{
  pthread_t t;
  for (long i = 0;; i++)
    pthread_create (&t, NULL, worker, (void *) i);
}
