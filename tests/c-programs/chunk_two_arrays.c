// As chunk_mixed.c, but each worker writes its own cell of another array, `mine`:
// `cells` is only read in chunks, `mine` only written by index.
// expect: sums[] race-free
// expect: mine[] race-free
// expect: cells[] race-free
// racy-twin: chunk_mixed.c
#include <pthread.h>
#include <stdio.h>

#define NW 4
#define C 4

static long cells[NW * C];
static long mine[NW];
static long sums[NW];

static void *
work (void *arg)
{
  long id = (long) arg;
  long s = 0;
  mine[id] = id;
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
