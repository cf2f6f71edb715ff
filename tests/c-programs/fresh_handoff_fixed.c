// The fixed twin of fresh_handoff.c, fresh_goto.c and fresh_reused.c: each worker
// gets an object of its own, allocated and filled in completely before the
// pthread_create that hands it over; main never touches it afterwards.
// expect: heap@fresh_handoff_fixed.c:25.id race-free
// expect: heap@fresh_handoff_fixed.c:25.scale race-free
// racy-twin: fresh_handoff.c fresh_goto.c fresh_reused.c
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
      a->scale = 2.0;
      pthread_create (&t, NULL, worker, a);
    }
}
