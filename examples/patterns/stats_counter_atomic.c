// Pattern: statistics counters, atomic — as stats_counter.c, with _Atomic counters updated
// by atomic_fetch_add and read by atomic_load.
// expect: stats.requests race-free
// expect: stats.bytes race-free
// why: every access to the counters is atomic. (The two counters are not read as one
//   consistent snapshot, which is fine for statistics and is not a data race.)
// racy-twin: stats_counter.c
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

struct stats
{
  atomic_long requests;
  atomic_long bytes;
};

static struct stats stats;

static void *handler (void *arg)
{
  long size = (long) arg;
  atomic_fetch_add (&stats.requests, 1);
  atomic_fetch_add (&stats.bytes, size);
  return NULL;
}

static void *reporter (void *arg)
{
  (void) arg;
  for (;;)
    {
      sleep (1);
      printf ("%ld requests, %ld bytes\n", atomic_load (&stats.requests),
              atomic_load (&stats.bytes));
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
