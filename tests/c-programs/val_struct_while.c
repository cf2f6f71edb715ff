// The index goes to the thread as a value from a while loop that steps last; the
// thread keeps it in a local (`int id = (int) (intptr_t) arg;`) and counts into its
// own element of an array member of a global struct, `stats.per_thread[id]`.
// racy-twin: val_struct_while_folded.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: stats.per_thread[].odd race-free
// expect: stats.per_thread[].seen race-free
// expect: stats.total race-free
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_WORKERS 32

struct per_thread
{
  unsigned long seen, odd;
};

static struct
{
  struct per_thread per_thread[MAX_WORKERS];
  pthread_mutex_t lock;
  unsigned long total;
} stats = { .lock = PTHREAD_MUTEX_INITIALIZER };

static void *
count (void *arg)
{
  int id = (int) (intptr_t) arg;
  for (unsigned long v = (unsigned long) id; v < 100000; v += MAX_WORKERS)
    {
      stats.per_thread[id].seen++;
      if (v & 1)
        stats.per_thread[id].odd++;
    }
  pthread_mutex_lock (&stats.lock);
  stats.total += stats.per_thread[id].seen;
  pthread_mutex_unlock (&stats.lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  int workers = argc > 1 ? atoi (argv[1]) : 4;
  pthread_t th[MAX_WORKERS];
  int t;
  if (workers < 1 || workers > MAX_WORKERS)
    workers = MAX_WORKERS;
  t = 0;
  while (t < workers)
    {
      stats.per_thread[t].seen = stats.per_thread[t].odd = 0;
      pthread_create (&th[t], NULL, count, (void *) (intptr_t) t);
      t++;
    }
  for (t = 0; t < workers; t++)
    pthread_join (th[t], NULL);
  for (t = 0; t < workers; t++)
    printf ("%d: %lu %lu\n", t, stats.per_thread[t].seen, stats.per_thread[t].odd);
  printf ("%lu\n", stats.total);
  return 0;
}
