// C89 style: the band index is declared at the top of the worker and stepped by a
// `for` whose init assigns it; main converts the loop's index to size_t before it
// multiplies. The last band runs on to the end of the samples.
// racy-twin: field_band_c89_rest.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: local@main:bands[].lo race-free
// expect: local@main:bands[].hi race-free
// expect: local@main:bands[].sum race-free
// expect: samples[] race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NSAMPLES 4096
#define MAX_THREADS 16

static double samples[NSAMPLES];

struct band
{
  size_t lo;
  size_t hi;
  double sum;
};

static void *
halve (void *arg)
{
  struct band *b = arg;
  double acc = 0.0;
  size_t i;

  for (i = b->lo; i < b->hi; i++)
    {
      samples[i] *= 0.5;
      acc += samples[i];
    }
  b->sum = acc;
  return NULL;
}

int
main (int argc, char **argv)
{
  int nthreads = argc > 1 ? atoi (argv[1]) : 4;
  pthread_t tids[MAX_THREADS];
  struct band bands[MAX_THREADS];
  size_t chunk;
  double total = 0.0;
  int t;

  if (nthreads < 2 || nthreads > MAX_THREADS)
    return EXIT_FAILURE;
  chunk = NSAMPLES / (size_t) nthreads;
  for (t = 0; t < nthreads; t++)
    {
      bands[t].lo = (size_t) t * chunk;
      bands[t].hi = (t == nthreads - 1) ? NSAMPLES : bands[t].lo + chunk;
      bands[t].sum = 0.0;
      if (pthread_create (&tids[t], NULL, halve, &bands[t]) != 0)
        return EXIT_FAILURE;
    }
  for (t = 0; t < nthreads; t++)
    pthread_join (tids[t], NULL);
  for (t = 0; t < nthreads; t++)
    total += bands[t].sum;
  printf ("%.1f\n", total);
  return 0;
}
