// Like chunk_last_rest.c, but the worker that takes the rest is the last but one
// (`id == NWORKERS - 2`): its chunk runs on over the last worker's, and they race
// there.
// fixed-twin: chunk_last_rest.c
// expect: samples[] RACE
// expect-race-at: samples[] 25 25
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#define NSAMPLES 1003
#define NWORKERS 4

static double samples[NSAMPLES];

static void *
scale (void *arg)
{
  int id = (int) (intptr_t) arg;
  int chunk = NSAMPLES / NWORKERS;
  int lo = id * chunk;
  int hi = (id == NWORKERS - 2) ? NSAMPLES : lo + chunk;

  for (int k = lo; k < hi; k++)
    samples[k] = samples[k] * 0.5 + 1.0;
  return NULL;
}

int
main (void)
{
  pthread_t t[NWORKERS];
  double sum = 0;

  for (int k = 0; k < NSAMPLES; k++)
    samples[k] = k % 97;
  for (int i = 0; i < NWORKERS; i++)
    if (pthread_create (&t[i], NULL, scale, (void *) (intptr_t) i) != 0)
      return 1;
  for (int i = 0; i < NWORKERS; i++)
    pthread_join (t[i], NULL);
  for (int k = 0; k < NSAMPLES; k++)
    sum += samples[k];
  printf ("%.2f\n", sum);
  return 0;
}
