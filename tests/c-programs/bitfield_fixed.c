// The fixed twin of bitfield.c: a zero-width bit-field ends the run, so the two
// flags are separate memory locations and the threads setting them do not race.
// expect: flags.ready race-free
// expect: flags.done race-free
// expect: flags.count race-free
// racy-twin: bitfield.c
#include <pthread.h>

struct flags { unsigned ready : 1; unsigned : 0; unsigned done : 1; int count; } flags;

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
