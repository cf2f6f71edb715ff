// As index_in_element.c, but main clears each cell right after the create: a worker
// may read 0 instead of its index, and two workers then fill the same cell.
// expect: local@main:ids[] RACE
// expect-race-at: local@main:ids[] 35 18
// expect: results[] RACE
// expect-race-at: results[] 22 22
// fixed-twin: index_in_element.c
#include <pthread.h>
#include <stdio.h>

#define NWORKERS 6

static double results[NWORKERS];

static void *
worker (void *arg)
{
  int me = *(int *) arg;
  double x = 1.0;
  for (int k = 0; k < 100; k++)
    x = x * 0.99 + me;
  results[me] = x;
  return NULL;
}

int
main (void)
{
  pthread_t th[NWORKERS];
  int ids[NWORKERS];
  for (int i = 0; i < NWORKERS; i++)
    {
      ids[i] = i;
      pthread_create (&th[i], NULL, worker, &ids[i]);
      ids[i] = 0;   /* reused too early: the worker may read 0 */
    }
  for (int i = 0; i < NWORKERS; i++)
    pthread_join (th[i], NULL);
  for (int i = 0; i < NWORKERS; i++)
    printf ("%g\n", results[i]);
  return 0;
}
