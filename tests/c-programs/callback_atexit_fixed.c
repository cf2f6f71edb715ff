// The fixed twin of callback_atexit.c: the worker counts under a lock and the atexit
// handler reads under the same lock.
// expect: progress race-free
// expect-stderr: warning: atexit: handler 'report' taken to run in a thread of its own
// racy-twin: callback_atexit.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long progress;

static void report (void)
{
  pthread_mutex_lock (&m);
  printf ("%ld\n", progress);
  pthread_mutex_unlock (&m);
}

static void *worker (void *arg)
{
  for (;;)
    {
      pthread_mutex_lock (&m);
      progress++;
      pthread_mutex_unlock (&m);
    }
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
