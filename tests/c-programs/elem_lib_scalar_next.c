// As elem_lib_scalar.c, but each worker clears two counters from the address of its
// own, `memset (&counts[id], 0, 2 * sizeof counts[0])`: the address of an array element
// reaches on into the array, and the second counter is the next worker's.
// fixed-twin: elem_lib_scalar.c
// expect: slots[].seed race-free
// expect: slots[].hits race-free
// expect: counts[] RACE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  memset (&counts[id], 0, 2 * sizeof counts[0]);
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
