// Racy twin of elem_global_down.c: main clears a slot it picks at random while the
// threads still run, and that slot may be the one a running thread writes.
// expect: results[] RACE
// expect-race-at: results[] 24 37
// expect: argv[] race-free
// expect: argv strings race-free
// expect: threads[] race-free
// expect: rand() state race-free
// fixed-twin: elem_global_down.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_THREADS 32

static long results[MAX_THREADS];
static pthread_t threads[MAX_THREADS];

static void *
square (void *arg)
{
  long *out = arg;
  long v = (long) (out - results);
  *out = v * v;
  return NULL;
}

int
main (int argc, char *argv[])
{
  unsigned n = argc > 1 ? (unsigned) strtoul (argv[1], NULL, 10) : 8;
  if (n == 0 || n > MAX_THREADS)
    n = MAX_THREADS;
  for (unsigned i = n; i-- > 0;)
    if (pthread_create (&threads[i], NULL, square, &results[i]))
      return 1;
  results[rand () % n] = 0;
  for (unsigned i = 0; i < n; ++i)
    pthread_join (threads[i], NULL);
  long sum = 0;
  for (unsigned i = 0; i < n; ++i)
    sum += results[i];
  printf ("%ld\n", sum);
  return 0;
}
