// As field_mixed.c, but each worker writes its sum to an array of its own, `marks`:
// the chunks of `cells` and the indices of `marks` are each followed exactly.
// racy-twin: field_mixed.c field_mixed_member.c
// expect: local@main:args[].id race-free
// expect: local@main:args[].lo race-free
// expect: local@main:args[].hi race-free
// expect: cells[] race-free
// expect: marks[] race-free
#include <pthread.h>
#include <stdio.h>

#define NW 8
#define CH 2

struct arg
{
  int id, lo, hi;
};

static int cells[NW * CH];
static int marks[NW];

static void *
work (void *p)
{
  struct arg *a = p;
  int sum = 0;
  for (int k = a->lo; k < a->hi; k++)
    sum += cells[k];
  marks[a->id] = sum;
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
