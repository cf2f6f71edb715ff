// The index a thread is given, handed on to helper functions: the worker passes id to
// fill () and to add_partial (), whose parameter (of id's type, never assigned) holds it,
// so their partial[i] and hits[i] are split by thread as the worker's own would be.
// expect: partial[] race-free
// expect: hits[] race-free
// racy-twin: val_helper_index_shifted.c
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#define NT 6

static double partial[NT];
static unsigned hits[NT];

static void
add_partial (long i, double v)
{
  partial[i] += v;
  hits[i]++;
}

static void
fill (long i, long n)
{
  for (long k = 0; k < n; k++)
    add_partial (i, 1.0 / (double) (k + 1));
}

static void *
worker (void *arg)
{
  long id = (long) (intptr_t) arg;
  fill (id, 1000 + id);
  return NULL;
}

int
main (void)
{
  pthread_t t[NT];
  for (long i = 0; i < NT; i++)
    if (pthread_create (&t[i], NULL, worker, (void *) (intptr_t) i) != 0)
      return 1;
  for (int i = 0; i < NT; i++)
    pthread_join (t[i], NULL);
  double sum = 0;
  for (int i = 0; i < NT; i++)
    sum += partial[i] + hits[i];
  printf ("%f\n", sum);
  return 0;
}
