// Rows of a matrix in bands: worker w sums the rows [w * ROWS_PER, (w + 1) * ROWS_PER)
// into its own entries of `rowsum`, reading the matrix main filled before.
// expect: matrix[][] race-free
// expect: rowsum[] race-free
// expect: grand race-free
// racy-twin: chunk_rows_shared.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NW 4
#define ROWS_PER 16
#define COLS 64

static long matrix[NW * ROWS_PER][COLS];
static long rowsum[NW * ROWS_PER];
static long grand;

static void *
band (void *arg)
{
  long w = (long) arg;
  for (long r = w * ROWS_PER; r < (w + 1) * ROWS_PER; r++)
    {
      long s = 0;
      for (int c = 0; c < COLS; c++)
        s += matrix[r][c];
      rowsum[r] = s;
    }
  return NULL;
}

int
main (void)
{
  pthread_t th[NW];
  for (int r = 0; r < NW * ROWS_PER; r++)
    for (int c = 0; c < COLS; c++)
      matrix[r][c] = r ^ c;
  for (long w = 0; w < NW; w++)
    if (pthread_create (&th[w], NULL, band, (void *) w))
      abort ();
  for (long w = 0; w < NW; w++)
    pthread_join (th[w], NULL);
  for (int r = 0; r < NW * ROWS_PER; r++)
    grand += rowsum[r];
  printf ("%ld\n", grand);
  return 0;
}
