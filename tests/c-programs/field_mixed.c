// Each worker sums its own chunk [a->lo, a->hi) of `cells` and then writes the sum to
// the cell of its own index, `cells[a->id]`. Chunks of two cells each and ids 0, 1,
// 2, ... meet: worker 0's chunk [0, 2) holds cell 1, which worker 1 writes. Both
// splits are exact on their own; together they race (a model that followed the chunk
// of one worker and the index of another would miss it).
// fixed-twin: field_mixed_apart.c
// expect: local@main:args[].id race-free
// expect: local@main:args[].lo race-free
// expect: local@main:args[].hi race-free
// expect: cells[] RACE
// expect-race-at: cells[] 31 32
#include <pthread.h>
#include <stdio.h>

#define NW 8
#define CH 2

struct arg
{
  int id, lo, hi;
};

static int cells[NW * CH];

static void *
work (void *p)
{
  struct arg *a = p;
  int sum = 0;
  for (int k = a->lo; k < a->hi; k++)
    sum += cells[k];
  cells[a->id] = sum;
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
      pthread_create (&t[i], NULL, work, &args[i]);
    }
  for (int i = 0; i < NW; i++)
    pthread_join (t[i], NULL);
  printf ("%d\n", cells[0]);
  return 0;
}
