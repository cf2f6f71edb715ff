// Not fresh after a label: the goto brings main back with the object already handed
// to a worker, so the next write races with that worker's read.
// expect: heap@fresh_goto.c:22.id RACE
// fixed-twin: fresh_handoff_fixed.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
struct arg { int id; };

static void *worker (void *p)
{
  struct arg *a = p;
  printf ("%d\n", a->id);
  return NULL;
}

int main (void)
{
  pthread_t t;
  struct arg *a;
  int i = 0;
  a = malloc (sizeof *a);
  if (!a)
    return 1;
again:
  a->id = i++;
  pthread_create (&t, NULL, worker, a);
  goto again;
}
