// One result slot per thread in a global array, handed out by a loop counting down
// (`for (i = n; i-- > 0;)`); each thread writes only through its pointer, main reads
// the slots after the join loop.
// expect: results[] race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: threads[] race-free
// racy-twin: elem_global_down_peek.c
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
  if (n > MAX_THREADS)
    n = MAX_THREADS;
  for (unsigned i = n; i-- > 0;)
    if (pthread_create (&threads[i], NULL, square, &results[i]))
      return 1;
  for (unsigned i = 0; i < n; ++i)
    pthread_join (threads[i], NULL);
  long sum = 0;
  for (unsigned i = 0; i < n; ++i)
    sum += results[i];
  printf ("%ld\n", sum);
  return 0;
}
