// Allocate, fill in, then hand to a new thread: main writes the fields while the
// object is fresh (no other thread can have it before pthread_create), so those writes
// race with nothing; the workers only read. One field is written after the create:
// that write races with the worker's read.
// expect: heap@fresh_handoff.c:25.id race-free
// expect: heap@fresh_handoff.c:25.scale RACE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct arg { int id; double scale; };

static void *worker (void *p)
{
  struct arg *a = p;
  printf ("%d %f\n", a->id, a->scale);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (int i = 0;; i++)
    {
      struct arg *a = malloc (sizeof *a);
      if (!a)
        return 1;
      a->id = i;
      pthread_create (&t, NULL, worker, a);
      a->scale = 2.0;
    }
}
