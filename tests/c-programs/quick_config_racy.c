// The racy twin of quick_config.c: main sets verbose after creating the first worker.
// fixed-twin: quick_config.c
// expect: verbose RACE
// expect: depth race-free
// expect: total race-free
// expect: argv[] race-free
// expect: argv strings race-free
#include <pthread.h>
#include <stdlib.h>

static int verbose, depth;
static long total;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  int d = depth;
  if (verbose)
    d++;
  pthread_mutex_lock (&m);
  total += d;
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (int argc, char **argv)
{

  depth = argc > 2 ? atoi (argv[2]) : 4;
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  verbose = argc > 1;
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return (int) total;
}
