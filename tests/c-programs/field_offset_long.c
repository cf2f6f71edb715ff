// As field_offset.c, but each job squares one cell more than its share
// (`job->len = per + 1`): the first cell of the next job's share is squared twice.
// fixed-twin: field_offset.c
// expect: local@main:vals[] RACE
// expect: local@main:partial[] race-free
// expect: heap@field_offset_long.c:50.len race-free
// expect: heap@field_offset_long.c:50.base race-free
// expect: heap@field_offset_long.c:50.id race-free
// expect: heap@field_offset_long.c:50.partial race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 6000
#define NJOBS 6

struct job
{
  int id;
  int len;
  long *base;
  long *partial;
};

static void *
square (void *arg)
{
  struct job *job = arg;
  long s = 0;
  for (int k = 0; k < job->len; k++)
    {
      job->base[k] *= job->base[k];
      s += job->base[k];
    }
  job->partial[job->id] = s;
  free (job);
  return NULL;
}

int
main (void)
{
  long vals[N], partial[NJOBS];
  pthread_t tid[NJOBS];
  int per = N / NJOBS;
  for (int i = 0; i < N; i++)
    vals[i] = i % 10;
  for (int i = 0; i < NJOBS; i++)
    {
      struct job *job = malloc (sizeof *job);
      if (!job)
        exit (1);
      job->id = i;
      job->base = vals + i * per;
      job->len = per + 1;
      job->partial = partial;
      pthread_create (&tid[i], NULL, square, job);
    }
  for (int i = 0; i < NJOBS; i++)
    pthread_join (tid[i], NULL);
  long total = 0;
  for (int i = 0; i < NJOBS; i++)
    total += partial[i];
  printf ("%ld %ld\n", total, vals[N - 1]);
  return 0;
}
