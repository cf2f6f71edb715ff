// Not fresh any more: one object allocated before the loop is handed to every worker,
// and main writes it again in the next iteration, while earlier workers read it.
// expect: heap@fresh_reused.c:21.id RACE
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
  a = malloc (sizeof *a);
  if (a == NULL)
    return 1;
  for (int i = 0;; i++)
    {
      a->id = i;
      pthread_create (&t, NULL, worker, a);
    }
}
