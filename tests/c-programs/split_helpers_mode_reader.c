// As split_helpers_mode.c, but readers log too, through the same log_sample (i, writer)
// call with writer false: maybe_lock and maybe_unlock still take the same way, the way
// that does not lock, and a reader's update of the log races with a writer's.
// expect: log_total RACE
// expect: log_count RACE
// fixed-twin: split_helpers_mode.c
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

static pthread_mutex_t log_mu = PTHREAD_MUTEX_INITIALIZER;
static long log_total, log_count;

static void
maybe_lock (bool locked)
{
  if (locked)
    pthread_mutex_lock (&log_mu);
}

static void
maybe_unlock (bool locked)
{
  if (locked)
    pthread_mutex_unlock (&log_mu);
}

static void
log_sample (long v, bool locked)
{
  maybe_lock (locked);
  log_total += v;
  log_count++;
  maybe_unlock (locked);
}

static void *
worker (void *arg)
{
  bool writer = (uintptr_t) arg != 0;
  long seen = 0;
  for (long i = 0; i < 100; i++)
    {
      log_sample (i, writer);   /* a reader logs too, unlocked */
      if (!writer)
        seen++;
    }
  return (void *) seen;
}

int
main (void)
{
  pthread_t t[4];
  for (long i = 0; i < 10; i++)
    log_sample (i, false);
  for (uintptr_t i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, (void *) (i % 2));
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %ld\n", log_total, log_count);
  return 0;
}
