// A constructor starts a thread before main runs, and a destructor reads at exit what
// that thread keeps writing. Both are called by code racefree does not see (the C
// runtime), so each is a job type run by any number of threads at any time.
// expect: ticks RACE
// expect-stderr: warning: 'start_ticker' is a constructor or destructor, run before main or at exit: assumed called by any number of threads at any time
// expect-stderr: warning: 'report' is a constructor or destructor, run before main or at exit: assumed called by any number of threads at any time
// fixed-twin: constructor_destructor_fixed.c
#include <pthread.h>
#include <stdio.h>

static long ticks;

static void *ticker (void *arg)
{
  for (;;)
    ticks++;
  return arg;
}

__attribute__ ((constructor)) static void start_ticker (void)
{
  pthread_t t;
  pthread_create (&t, NULL, ticker, NULL);
}

static void report (void) __attribute__ ((destructor));

static void report (void)
{
  printf ("%ld\n", ticks);
}

int main (void)
{
  return 0;
}
