// Each thread is handed its index as the argument's value, `(void *) (intptr_t) i`,
// and writes only its own slot, `partial[id]`; main adds the slots up after joining.
// racy-twin: val_partial_neighbour.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: nthreads race-free
// expect: partial[] race-free
// expect: n_terms race-free
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXT 64
static double partial[MAXT];
static long n_terms = 1000000;
static int nthreads;

static void *
work (void *arg)
{
  long id = (long) (intptr_t) arg;
  double s = 0;
  for (long k = id; k < n_terms; k += nthreads)
    s += (k % 2 ? -1.0 : 1.0) / (2 * k + 1);
  partial[id] = s;
  return NULL;
}

int
main (int argc, char **argv)
{
  nthreads = argc > 1 ? atoi (argv[1]) : 4;
  if (nthreads < 1 || nthreads > MAXT)
    return 1;
  pthread_t t[MAXT];
  for (int i = 0; i < nthreads; i++)
    pthread_create (&t[i], NULL, work, (void *) (intptr_t) i);
  for (int i = 0; i < nthreads; i++)
    pthread_join (t[i], NULL);
  double pi = 0;
  for (int i = 0; i < nthreads; i++)
    pi += partial[i];
  printf ("%f\n", 4 * pi);
  return 0;
}
