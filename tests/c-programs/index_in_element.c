// Each worker is handed a pointer to its own cell of `ids`, which main set to the
// loop's index just before the create: the worker reads its index through the
// pointer and fills only its own cell of `results`.
// expect: local@main:ids[] race-free
// expect: results[] race-free
// racy-twin: index_in_element_reset.c
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
    }
  for (int i = 0; i < NWORKERS; i++)
    pthread_join (th[i], NULL);
  for (int i = 0; i < NWORKERS; i++)
    printf ("%g\n", results[i]);
  return 0;
}
