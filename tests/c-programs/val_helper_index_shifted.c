// Racy twin of val_helper_index.c: the worker hands fill () its index plus one (modulo
// the count), so two workers fill the same slot.
// expect: partial[] RACE
// expect: hits[] RACE
// expect-race-at: partial[] 19 19
// fixed-twin: val_helper_index.c
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
  fill ((id + 1) % NT, 1000 + id);
  fill (id, 10);
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
