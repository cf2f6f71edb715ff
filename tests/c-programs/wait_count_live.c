// Detached workers counted live: main adds one to `live` before each create (and
// takes it back when the create fails), each worker takes one off at its end and
// broadcasts, and main waits under the lock until `live` is 0 before it reads the
// results every worker added.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: live race-free
// expect: results race-free
// racy-twin: wait_count_live_early.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER;
static int live;
static double results;

static void *
task (void *arg)
{
  double x = (double) (long) arg;
  for (int k = 0; k < 1000; k++)
    x = x * 0.5 + k;
  pthread_mutex_lock (&mu);
  results += x;
  live--;
  pthread_cond_broadcast (&idle);
  pthread_mutex_unlock (&mu);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 8;
  pthread_attr_t attr;
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  for (long i = 0; i < n; i++)
    {
      pthread_t t;
      pthread_mutex_lock (&mu);
      live++;
      pthread_mutex_unlock (&mu);
      if (pthread_create (&t, &attr, task, (void *) i) != 0)
        {
          pthread_mutex_lock (&mu);
          live--;
          pthread_mutex_unlock (&mu);
          break;
        }
    }
  pthread_attr_destroy (&attr);
  pthread_mutex_lock (&mu);
  while (live != 0)
    pthread_cond_wait (&idle, &mu);
  pthread_mutex_unlock (&mu);
  printf ("%f\n", results);
  return 0;
}
