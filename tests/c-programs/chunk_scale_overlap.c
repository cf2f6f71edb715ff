// As chunk_scale.c, but each worker's range runs one past its chunk, into the first
// cell of the next worker's.
// expect: samples[] RACE
// expect-race-at: samples[] 25 25
// expect: gain race-free
// fixed-twin: chunk_scale.c
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#define NSAMPLES 4096
#define NWORKERS 8

static double samples[NSAMPLES];
static double gain = 0.5;

static void *
scale (void *arg)
{
  int id = (int) (intptr_t) arg;
  int chunk = NSAMPLES / NWORKERS;
  int lo = id * chunk;
  int hi = lo + chunk + 1;   /* one past the chunk: the next worker's first */
  for (int k = lo; k < hi; k++)
    samples[k] *= gain;
  return NULL;
}

int
main (void)
{
  pthread_t t[NWORKERS];
  for (int k = 0; k < NSAMPLES; k++)
    samples[k] = k;
  for (int i = 0; i < NWORKERS; i++)
    pthread_create (&t[i], NULL, scale, (void *) (intptr_t) i);
  for (int i = 0; i < NWORKERS; i++)
    pthread_join (t[i], NULL);
  printf ("%g\n", samples[NSAMPLES - 1]);
  return 0;
}
