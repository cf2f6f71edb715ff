// Settings written by main before it creates any thread, then only read by the workers
// (and written again by main once it has joined them all): race-free by the "alone"
// argument, with no search. Its racy twin writes a setting after the first create.
// racy-twin: quick_config_racy.c
// expect: verbose race-free
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
  verbose = argc > 1;
  depth = argc > 2 ? atoi (argv[2]) : 4;
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return (int) total;
}
