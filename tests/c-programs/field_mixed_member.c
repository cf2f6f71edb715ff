// As field_mixed.c, with `cells` reached through a pointer field of the argument
// (`a->out`): each worker sums its own chunk [a->lo, a->hi) of it and then writes the
// sum to the cell of its own index, `a->out[a->id]`: worker 0's chunk [0, 2) holds
// cell 1, which worker 1 writes.
// fixed-twin: field_mixed_apart.c
// expect: local@main:args[].id race-free
// expect: local@main:args[].lo race-free
// expect: local@main:args[].hi race-free
// expect: local@main:args[].out race-free
// expect: cells[] RACE
// expect-race-at: cells[] 32 33
#include <pthread.h>
#include <stdio.h>

#define NW 8
#define CH 2

struct arg
{
  int id, lo, hi;
  int *out;
};

static int cells[NW * CH];

static void *
work (void *p)
{
  struct arg *a = p;
  int sum = 0;
  for (int k = a->lo; k < a->hi; k++)
    sum += a->out[k];
  a->out[a->id] = sum;
  return NULL;
}

int
main (void)
{
  pthread_t t[NW];
  struct arg args[NW];
  for (int i = 0; i < NW; i++)
    {
      args[i].id = i;
      args[i].lo = i * CH;
      args[i].hi = i * CH + CH;
      args[i].out = cells;
      pthread_create (&t[i], NULL, work, &args[i]);
    }
  for (int i = 0; i < NW; i++)
    pthread_join (t[i], NULL);
  printf ("%d\n", cells[0]);
  return 0;
}
