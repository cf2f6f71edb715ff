// Each worker draws from its own seed with rand_r (&s->seed): the library writes
// through the address of a scalar member, which C keeps inside that member, so the
// call stays in the worker's element. Each worker also clears and counts into its own
// counter.
// racy-twin: elem_lib_scalar_next.c
// expect: slots[].seed race-free
// expect: slots[].hits race-free
// expect: counts[] race-free
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NW 8

struct slot
{
  unsigned seed;
  long hits;
};

static struct slot slots[NW];
static long counts[NW + 1];

static void *
work (void *arg)
{
  int id = (int) (intptr_t) arg;
  struct slot *s = &slots[id];
  counts[id] = 0;
  for (int k = 0; k < 1000; k++)
    if (rand_r (&s->seed) % 3 == 0)
      {
        s->hits++;
        counts[id]++;
      }
  return NULL;
}

int
main (void)
{
  pthread_t t[NW];
  for (int i = 0; i < NW; i++)
    slots[i].seed = (unsigned) i * 7u + 1u;
  for (int i = 0; i < NW; i++)
    pthread_create (&t[i], NULL, work, (void *) (intptr_t) i);
  for (int i = 0; i < NW; i++)
    pthread_join (t[i], NULL);
  long h = 0;
  for (int i = 0; i < NW; i++)
    h += slots[i].hits + counts[i];
  printf ("%ld\n", h);
  return 0;
}
