// Racy twin of elem_rows_unrolled.c: each thread clears its row with a memset sized
// for two rows, so it also clears the next row while that row's thread fills it.
// expect: local@main:grid.rows[][] RACE
// expect-race-at: local@main:grid.rows[][] 22 22
// fixed-twin: elem_rows_unrolled.c
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define ROWS 4
#define COLS 16

struct grid
{
  double rows[ROWS + 1][COLS];
};

static void *
fill_row (void *arg)
{
  double *row = arg;
  memset (row, 0, 2 * COLS * sizeof *row);
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
