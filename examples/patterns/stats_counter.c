// Pattern: statistics counters — request handlers bump global counters without a lock
// ("it is only statistics") while a reporter thread prints them.
// expect: stats.requests RACE
// expect: stats.bytes RACE
// why: two handlers can execute `stats.requests++` at the same time, and the reporter reads
//   the counters while handlers write them. Lost updates are the visible symptom.
// fixed-twin: stats_counter_atomic.c
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

struct stats
{
  long requests;
  long bytes;
};

static struct stats stats;

static void *handler (void *arg)
{
  long size = (long) arg;
  stats.requests++;
  stats.bytes += size;
  return NULL;
}

static void *reporter (void *arg)
{
  (void) arg;
  for (;;)
    {
      sleep (1);
      printf ("%ld requests, %ld bytes\n", stats.requests, stats.bytes);
    }
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, reporter, NULL);
  for (long size = 1;; size = size * 7 % 1000 + 1)
    {
      pthread_create (&t, NULL, handler, (void *) size);
      pthread_detach (t);
    }
}
