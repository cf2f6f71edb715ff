// As value_struct_flag.c, but the worker fills the last result after it has set the
// flag.
// expect: job.done race-free
// expect: results[] RACE
// expect-race-at: results[] 43 30
// fixed-twin: value_struct_flag.c
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

static struct
{
  pthread_mutex_t lock;
  pthread_cond_t cond;
  bool done;
} job = { .lock = PTHREAD_MUTEX_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER, .done = false };

static long results[4];

static void *
worker (void *arg)
{
  (void) arg;
  for (int i = 0; i < 3; i++)
    results[i] = (long) i * i;
  pthread_mutex_lock (&job.lock);
  job.done = true;
  pthread_cond_signal (&job.cond);
  pthread_mutex_unlock (&job.lock);
  results[3] = 9;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&job.lock);
  while (!job.done)
    pthread_cond_wait (&job.cond, &job.lock);
  pthread_mutex_unlock (&job.lock);
  printf ("%ld %ld\n", results[1], results[3]);
  pthread_join (t, NULL);
  return 0;
}
