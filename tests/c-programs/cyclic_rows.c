// Rows are dealt out cyclically: worker id takes rows id, id + nthreads,
// id + 2 * nthreads, ... Every worker gets an index in [0, nthreads), so no two
// workers ever take the same row.
// racy-twin: cyclic_rows_short.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: nthreads race-free
// expect: grid[][] race-free
// expect: row_sum[] race-free
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 500
#define COLS 32
#define MAXT 16

static double grid[ROWS][COLS];
static double row_sum[ROWS];
static int nthreads;

static void *
deal (void *arg)
{
  int id = (int) (intptr_t) arg;
  for (int r = id; r < ROWS; r += nthreads)
    {
      double s = 0;
      for (int c = 0; c < COLS; c++)
        s += grid[r][c];
      row_sum[r] = s;
    }
  return NULL;
}

int
main (int argc, char **argv)
{
  nthreads = argc > 1 ? atoi (argv[1]) : 4;
  if (nthreads < 1 || nthreads > MAXT)
    nthreads = 4;
  for (int r = 0; r < ROWS; r++)
    for (int c = 0; c < COLS; c++)
      grid[r][c] = r + c;
  pthread_t t[MAXT];
  for (int i = 0; i < nthreads; i++)
    pthread_create (&t[i], NULL, deal, (void *) (intptr_t) i);
  for (int i = 0; i < nthreads; i++)
    pthread_join (t[i], NULL);
  double total = 0;
  for (int r = 0; r < ROWS; r++)
    total += row_sum[r];
  printf ("%f\n", total);
  return 0;
}
