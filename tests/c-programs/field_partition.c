// Rows are split into bands by a rising formula: band t covers rows
// [NROWS * t / n, NROWS * (t + 1) / n), set by main in a calloc'ed array of task
// structs; each task also gets the output array main allocated. Consecutive bands
// meet only at their ends, so no two workers write one row sum.
// racy-twin: field_partition_overlap.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@field_partition.c:51 race-free
// expect: heap@field_partition.c:50.begin race-free
// expect: heap@field_partition.c:50.end race-free
// expect: heap@field_partition.c:50.grid race-free
// expect: heap@field_partition.c:50.sums race-free
// expect: heap@field_partition.c:57 race-free
// expect: heap@field_partition.c:49 race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NROWS 720
#define NCOLS 64

struct task
{
  long begin, end;
  const double *grid;
  double *sums;
};

static void *
band (void *p)
{
  const struct task *task = p;
  for (long r = task->begin; r < task->end; ++r)
    {
      double s = 0;
      for (int c = 0; c < NCOLS; c++)
        s += task->grid[r * NCOLS + c];
      task->sums[r] = s;
    }
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 3;
  if (n < 1 || n > NROWS)
    return 1;
  double *grid = malloc (sizeof (double) * NROWS * NCOLS);
  struct task *tasks = calloc ((size_t) n, sizeof *tasks);
  pthread_t *th = calloc ((size_t) n, sizeof *th);
  if (!grid || !tasks || !th)
    return 1;
  for (long k = 0; k < (long) NROWS * NCOLS; k++)
    grid[k] = (double) (k % 17);
  double *sums;
  sums = malloc (sizeof (double) * NROWS);
  if (!sums)
    return 1;
  for (int t = 0; t < n; t++)
    {
      tasks[t].begin = (long) NROWS * t / n;
      tasks[t].end = (long) NROWS * (t + 1) / n;
      tasks[t].grid = grid;
      tasks[t].sums = sums;
      pthread_create (&th[t], NULL, band, &tasks[t]);
    }
  for (int t = 0; t < n; t++)
    pthread_join (th[t], NULL);
  double total = 0;
  for (int r = 0; r < NROWS; r++)
    total += sums[r];
  printf ("%f\n", total);
  free (sums);
  free (tasks);
  free (th);
  free (grid);
  return 0;
}
