// The index a thread is given, kept in a thread-local: the start routine stores it in
// my_id first thing, and the helpers it calls index the per-thread partial sums with it.
// In a thread started there, my_id is its index, in every function it calls.
// expect: partial[] race-free
// expect: calls[] race-free
// racy-twin: tls_index_too_early.c
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
