// A fixed number of threads (the create loop is unrolled), each given one row of a
// matrix that is a member of a local struct (`grid.rows[r]`); each thread fills its
// row, main reads the matrix after joining them all.
// expect: local@main:grid.rows[][] race-free
// racy-twin: elem_rows_memset.c
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define ROWS 4
#define COLS 16

struct grid
{
  double rows[ROWS][COLS];
};

static void *
fill_row (void *arg)
{
  double *row = arg;
  for (int c = 0; c < COLS; c++)
    row[c] = c * 0.5;
  return NULL;
}

int
main (void)
{
  struct grid grid;
  pthread_t t[ROWS];
  for (int r = 0; r < ROWS; r++)
    pthread_create (&t[r], NULL, fill_row, grid.rows[r]);
  for (int r = 0; r < ROWS; r++)
    pthread_join (t[r], NULL);
  double s = 0;
  for (int r = 0; r < ROWS; r++)
    for (int c = 0; c < COLS; c++)
      s += grid.rows[r][c];
  printf ("%g\n", s);
  return 0;
}
