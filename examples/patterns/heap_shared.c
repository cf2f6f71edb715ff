// Pattern: one shared heap object — main allocates one statistics record and hands the
// same pointer to every worker, which update it without a lock.
// expect: heap@heap_shared.c:31.requests RACE
// expect: heap@heap_shared.c:31.errors RACE
// why: all workers receive the same object and increment its fields concurrently.
// fixed-twin: heap_shared_locked.c heap_per_thread.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct stats
{
  long requests;
  long errors;
};

static void *worker (void *arg)
{
  struct stats *st = arg;
  for (int i = 0; i < 1000; i++)
    {
      st->requests++;
      if (i % 97 == 0)
        st->errors++;
    }
  return NULL;
}

int main (void)
{
  struct stats *st = calloc (1, sizeof *st);
  if (!st)
    return 1;
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, st);
}
