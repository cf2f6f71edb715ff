// Each worker writes the cell of `cells` at its own index, then reads its chunk of
// four cells: worker 0's chunk holds the cells workers 1 to 3 write, so the read
// races with their writes (an array split both by index and by chunk).
// expect: sums[] race-free
// expect: cells[] RACE
// expect-race-at: cells[] 24 22
// fixed-twin: chunk_two_arrays.c
#include <pthread.h>
#include <stdio.h>

#define NW 4
#define C 4

static long cells[NW * C];
static long sums[NW];

static void *
work (void *arg)
{
  long id = (long) arg;
  long s = 0;
  cells[id] = id;
  for (long k = id * C; k < id * C + C; k++)
    s += cells[k];
  sums[id] = s;
  return NULL;
}

int
main (void)
{
  pthread_t t[NW];
  for (long i = 0; i < NW; i++)
    pthread_create (&t[i], NULL, work, (void *) i);
  for (long i = 0; i < NW; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", sums[0]);
  return 0;
}
