// Racy twin of elem_vla_result.c: each worker also reads its right-hand neighbour's
// result (p[1].sum), which the thread given that element writes at the same time.
// expect: local@main:w[].lo race-free
// known-gap: local@main:w[].lo RACE: p[1] leaves the element, so it is resolved by type to the whole array, every member
// expect: local@main:w[].hi race-free
// known-gap: local@main:w[].hi RACE: as local@main:w[].lo
// expect: local@main:w[].sum RACE
// expect-race-at: local@main:w[].sum 29 31
// expect: argv[] race-free
// expect: argv strings race-free
// fixed-twin: elem_vla_result.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct part
{
  long lo, hi;
  long sum;
};

static void *
add_up (void *arg)
{
  struct part *p = arg;
  long s = 0;
  for (long k = p->lo; k < p->hi; k++)
    s += k;
  p->sum = s;
  /* peeks at the neighbour: element i + 1 belongs to another running thread */
  long next = p[1].sum;
  printf ("%ld\n", next);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  if (n < 1 || n > 64)
    return 1;
  pthread_t tid[n];
  struct part w[n + 1];
  w[n].sum = 0;
  for (int i = 0; i < n; i++)
    {
      w[i].lo = 1000L * i;
      w[i].hi = 1000L * (i + 1);
      pthread_create (&tid[i], NULL, add_up, &w[i]);
    }
  for (int i = 0; i < n; i++)
    pthread_join (tid[i], NULL);
  long total = 0;
  for (int i = 0; i < n; i++)
    total += w[i].sum;
  printf ("%ld\n", total);
  return 0;
}
