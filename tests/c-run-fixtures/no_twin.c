// Pattern: fixture, no twin — a racy pattern must name its fixed twin.
// expect: hits RACE
// why: see the runner-must-say line.
// runner-must-say: expects a RACE or a deadlock but names no '// fixed-twin:'
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
