// As barrier_phases.c, but the barrier counts one thread fewer than the loop starts:
// it may open before the last worker has filled its cell, which a neighbour reads.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: nworkers race-free
// expect: level race-free
// expect: smooth race-free
// expect: heap@barrier_phases_short.c:40 race-free
// expect: heap@barrier_phases_short.c:39 race-free
// expect: heap@barrier_phases_short.c:38 RACE
// expect-race-at: heap@barrier_phases_short.c:38 28 25
// fixed-twin: barrier_phases.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_barrier_t filled;
static double *level, *smooth;
static int nworkers;

static void *
relax (void *arg)
{
  int me = (int) (long) arg;
  level[me] = (me * 37) % 11;
  pthread_barrier_wait (&filled);
  int left = (me + nworkers - 1) % nworkers, right = (me + 1) % nworkers;
  smooth[me] = (level[left] + level[me] + level[right]) / 3.0;
  return NULL;
}

int
main (int argc, char **argv)
{
  nworkers = argc > 1 ? atoi (argv[1]) : 8;
  if (nworkers < 1)
    return 1;
  level = calloc (nworkers, sizeof *level);
  smooth = calloc (nworkers, sizeof *smooth);
  pthread_t *tid = calloc (nworkers, sizeof *tid);
  if (!level || !smooth || !tid)
    return 1;
  if (pthread_barrier_init (&filled, NULL, nworkers - 1) != 0)
    return 1;
  for (int i = 0; i < nworkers; i++)
    pthread_create (&tid[i], NULL, relax, (void *) (long) i);
  for (int i = 0; i < nworkers; i++)
    pthread_join (tid[i], NULL);
  for (int i = 0; i < nworkers; i++)
    printf ("%g\n", smooth[i]);
  pthread_barrier_destroy (&filled);
  return 0;
}
