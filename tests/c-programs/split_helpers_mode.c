// A sample log shared by a loader and its workers: log_sample (v, locked) takes the log's
// mutex through maybe_lock (locked) and releases it through maybe_unlock (locked), two
// helpers that each test their `bool` parameter. The loader fills the log before it
// starts any worker with locked false; each worker passes whether it was started as a
// writer (its thread argument), and a reader only counts. locked never changes, so
// maybe_lock and maybe_unlock take the same way, and the log is only written locked.
// expect: log_total race-free
// expect: log_count race-free
// racy-twin: split_helpers_mode_reader.c
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
      if (writer)
        log_sample (i, writer);
      else
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
