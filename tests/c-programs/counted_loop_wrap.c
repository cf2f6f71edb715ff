// A counted loop whose counter cannot reach the bound: a signed char never gets to
// 128 (it wraps round), so this loop never stops and starts any number of workers,
// which race. Such a loop is not unrolled (the bound must fit the counter's type).
// expect: hits RACE
// fixed-twin: counted_loop_wrap_fixed.c
#include <pthread.h>

int hits;

static void *worker (void *arg)
{
  hits++;
  return arg;
}

int main (void)
{
  pthread_t t;
  for (signed char i = 127; i < 128; i++)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
