// Pattern: fixture, other gap — racefree disagrees, but not in the documented way.
// expect: hits race-free
// known-gap: hits unknown: the documented disagreement is a budget, not a race
// why: see the runner-must-say line (the header's race-free claim is deliberately wrong).
// runner-must-say: hits: expected race-free (known gap: unknown), racefree says RACE
#include <pthread.h>

static long hits;

static void *worker (void *arg)
{
  (void) arg;
  hits++;
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
}
