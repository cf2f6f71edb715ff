// A flag published with __sync_lock_test_and_set, which GCC documents as an acquire
// barrier only: it does not order the writes before it, so a reader that sees the
// flag set may still race with them. racefree does not follow a variable changed that
// way, and reports the race on the data.
// expect: payload[] RACE
// expect-race-at: payload[] 30 21
// expect: published race-free
// fixed-twin: value_atomic_handshake.c
#include <pthread.h>
#include <stdio.h>

static int published;
static int payload[4];

static void *
reader (void *arg)
{
  (void) arg;
  while (!__atomic_load_n (&published, __ATOMIC_ACQUIRE))
    ;
  return (void *) (long) (payload[0] + payload[3]);
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, reader, NULL);
  for (int i = 0; i < 4; i++)
    payload[i] = i + 1;
  __sync_lock_test_and_set (&published, 1);
  pthread_join (t, NULL);
  return 0;
}
