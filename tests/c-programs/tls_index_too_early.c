// Racy twin of tls_index.c: the worker records a first value before it stores its index,
// when my_id is still 0 in every thread, so two workers update partial[0] at once.
// expect: partial[] RACE
// expect: calls[] RACE
// expect-race-at: partial[] 19 19
// fixed-twin: tls_index.c
#include <pthread.h>
#include <stdint.h>

#define NT 8

static __thread int my_id;
static long partial[NT];
static unsigned calls[NT];

static void
record (long v)
{
  partial[my_id] += v;
  calls[my_id]++;
}

static void *
worker (void *arg)
{
  record (-1);
  my_id = (int) (intptr_t) arg;
  for (long v = 0; v < 1000; v++)
    record (v);
  return NULL;
}

int
main (void)
{
  pthread_t t[NT];
  for (int i = 0; i < NT; i++)
    pthread_create (&t[i], NULL, worker, (void *) (intptr_t) i);
  for (int i = 0; i < NT; i++)
    pthread_join (t[i], NULL);
  long sum = 0;
  for (int i = 0; i < NT; i++)
    sum += partial[i] + calls[i];
  return sum > 0 ? 0 : 1;
}
