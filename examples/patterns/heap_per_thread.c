// Pattern: per-thread heap objects — each worker allocates its own scratch buffer, fills
// it, uses it and frees it; no pointer to it ever leaves the worker. The workers add
// their sums to a total under a lock.
// expect: total race-free
// why: every object from the scratch allocation site is reachable from exactly one thread,
//   the one that allocated it, so no two threads ever access the same object: racefree
//   sees that the only pointer to it is a local that is only dereferenced and freed, and
//   counts the objects as thread-private (no shared location at all, like a local whose
//   address never escapes). The total is only touched with total_lock held.
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

static long total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

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
  pthread_mutex_lock (&total_lock);
  total += sum;
  pthread_mutex_unlock (&total_lock);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (long i = 0;; i++)
    pthread_create (&t, NULL, worker, (void *) i);
}
