// Pattern: fixture, undocumented disagreement — racefree says RACE where race-free is expected.
// expect: hits race-free
// why: see the runner-must-say line (the header's race-free claim is deliberately wrong).
// runner-must-say: hits: expected race-free, racefree says RACE
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
