// Pattern: fixture, warning — every pattern compiles without a warning.
// expect: hits RACE
// why: see the runner-must-say line.
// fixed-twin: gap_fixed.c
// runner-must-say: failed or warned
#include <pthread.h>

static long hits;

static void *worker (void *arg)
{
  (void) arg;
  int unused;
  hits++;
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
}
