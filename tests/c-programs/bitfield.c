// Adjacent bit-fields are one memory location (C11 3.14): writing one rewrites the
// word that holds the others, so two threads setting different flags of one run race.
// The run is named after its first member.
// expect: flags.ready RACE
// expect: flags.count race-free
// fixed-twin: bitfield_fixed.c
#include <pthread.h>

struct flags { unsigned ready : 1; unsigned done : 1; int count; } flags;

static void *producer (void *arg)
{
  flags.ready = 1;
  return arg;
}

static void *consumer (void *arg)
{
  flags.done = 1;
  return arg;
}

int main (void)
{
  pthread_t t1, t2;
  flags.count = 2;
  pthread_create (&t1, NULL, producer, NULL);
  pthread_create (&t2, NULL, consumer, NULL);
  return 0;
}
