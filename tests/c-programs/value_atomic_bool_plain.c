// A stop flag declared `_Atomic bool` and used with plain operators, which C11 makes
// sequentially consistent atomic operations: the controller writes the results slot,
// then sets `done = true`; the poller spins `while (!done)` and reads the slot after.
// expect: results[] race-free
// expect: done race-free
// racy-twin: value_atomic_bool_plain_late.c
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
  results[1] = 2.5;
  done = true;
  pthread_join (t, NULL);
  return 0;
}
