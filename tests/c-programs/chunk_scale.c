// Each worker scales its own chunk of `samples`: [id * chunk, id * chunk + chunk),
// chunk the same for every worker (the array's size over the number of workers).
// expect: samples[] race-free
// expect: gain race-free
// racy-twin: chunk_scale_overlap.c
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
  int hi = lo + chunk;
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
