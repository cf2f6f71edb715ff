// An atexit handler runs when the process exits, while a detached worker may still
// update the statistics it prints: it runs in a thread of its own from atexit on.
// expect: processed RACE
// expect-stderr: atexit: handler 'print_stats' taken to run in a thread of its own, once (per call)
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long processed;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void
print_stats (void)
{
  printf ("%lu\n", processed);
}

static void *
worker (void *arg)
{
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&m);
      processed++;
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t;
  atexit (print_stats);
  pthread_create (&t, NULL, worker, NULL);
  pthread_detach (t);
  return 0;
}
