// A constructor starts a thread before main runs, and a destructor reads at exit what
// that thread keeps writing. The constructor runs in main's thread before main's body;
// the destructor, called at exit while other threads may run, is a job type run by any
// number of threads at any time.
// expect: ticks RACE
// expect-stderr: warning: 'start_ticker' is a constructor: assumed run by main's thread before main, at most once, in any order with the other constructors
// expect-stderr: warning: 'report' is a destructor, run at exit while other threads may run: assumed called by any number of threads at any time
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
