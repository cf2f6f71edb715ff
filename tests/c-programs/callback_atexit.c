// An atexit handler runs when main returns, while the detached worker may still be
// counting: it reads the counter the worker writes. racefree does not see atexit's
// body; the handler runs in a thread of its own, at any time after the atexit call.
// expect: progress RACE
// expect-stderr: warning: atexit: handler 'report' taken to run in a thread of its own
// fixed-twin: callback_atexit_fixed.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long progress;

static void report (void)
{
  printf ("%ld\n", progress);
}

static void *worker (void *arg)
{
  for (;;)
    progress++;
  return arg;
}

int main (void)
{
  pthread_t t;
  atexit (report);
  pthread_create (&t, NULL, worker, NULL);
  pthread_detach (t);
  return 0;
}
