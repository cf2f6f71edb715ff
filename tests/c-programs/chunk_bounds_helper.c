// Each worker asks a helper for its chunk through two out-parameters
// (`chunk_bounds (id, &lo, &hi)`), the last worker's chunk running on to the end, and
// scales only that chunk; main fills and sums the array with its own counter before
// and after. The chunks never meet.
// racy-twin: chunk_bounds_helper_overlap.c
// expect: data[] race-free
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#define NDATA 1000
#define NWORKERS 3

static double data[NDATA];

static void
chunk_bounds (int id, int *lo, int *hi)
{
  int per = NDATA / NWORKERS;

  *lo = id * per;
  *hi = id == NWORKERS - 1 ? NDATA : *lo + per;
}

static void *
scale (void *arg)
{
  int id = (int) (intptr_t) arg;
  int lo, hi;

  chunk_bounds (id, &lo, &hi);
  for (int k = lo; k < hi; k++)
    data[k] *= 2.0;
  return NULL;
}

int
main (void)
{
  pthread_t t[NWORKERS];
  double sum = 0;
  int i;

  for (i = 0; i < NDATA; i++)
    data[i] = i % 10;
  for (i = 0; i < NWORKERS; i++)
    pthread_create (&t[i], NULL, scale, (void *) (intptr_t) i);
  for (i = 0; i < NWORKERS; i++)
    pthread_join (t[i], NULL);
  for (i = 0; i < NDATA; i++)
    sum += data[i];
  printf ("%.1f\n", sum);
  return 0;
}
