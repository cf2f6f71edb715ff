// As value_atomic_bool_plain.c, but main writes the second result after it has set
// the flag.
// expect: results[] RACE
// expect-race-at: results[] 31 20
// expect: done race-free
// fixed-twin: value_atomic_bool_plain.c
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

static _Atomic bool done;
static double results[2];

static void *
poller (void *arg)
{
  (void) arg;
  while (!done)
    ;
  printf ("%f %f\n", results[0], results[1]);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, poller, NULL);
  results[0] = 1.5;
  done = true;
  results[1] = 2.5;
  pthread_join (t, NULL);
  return 0;
}
