// A plain volatile flag spun on: volatile gives no atomicity and no order, so the flag
// itself races, and so does the data it was meant to publish. racefree follows the
// flag's value only while the flag's own accesses are race-free: here it forgets it,
// and both races are reported.
// expect: samples RACE
// expect-race-at: samples 30 22
// expect: stop_flag RACE
// expect-race-at: stop_flag 31 20
// fixed-twin: value_atomic_handshake.c
#include <pthread.h>
#include <stdio.h>

static volatile int stop_flag;
static long samples;

static void *
sampler (void *arg)
{
  (void) arg;
  while (!stop_flag)
    ;
  return (void *) samples;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, sampler, NULL);
  samples = 100;
  stop_flag = 1;
  pthread_join (t, NULL);
  return 0;
}
