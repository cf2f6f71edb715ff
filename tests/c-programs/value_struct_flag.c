// A completion flag kept in a static struct beside its mutex and condition variable,
// set up by a designated initializer: the worker fills the results, then sets
// `job.done = true` under `job.lock` and signals; main waits `while (!job.done)`
// and reads the results after. The member job.done is a value variable of its own
// (the struct's address is never taken whole: only its mutex and condition variable).
// expect: job.done race-free
// expect: results[] race-free
// racy-twin: value_struct_flag_late.c
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
  for (int i = 0; i < 4; i++)
    results[i] = (long) i * i;
  pthread_mutex_lock (&job.lock);
  job.done = true;
  pthread_cond_signal (&job.cond);
  pthread_mutex_unlock (&job.lock);
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
