// The fixed twin of constructor_destructor.c: the thread the constructor starts and
// the destructor both use the lock.
// expect: ticks race-free
// expect-stderr: warning: 'start_ticker' is a constructor: assumed run by main's thread before main, at most once, in any order with the other constructors
// racy-twin: constructor_destructor.c
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long ticks;

static void *ticker (void *arg)
{
  for (;;)
    {
      pthread_mutex_lock (&m);
      ticks++;
      pthread_mutex_unlock (&m);
    }
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
  pthread_mutex_lock (&m);
  printf ("%ld\n", ticks);
  pthread_mutex_unlock (&m);
}

int main (void)
{
  return 0;
}
