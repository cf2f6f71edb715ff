// Racy twin of val_struct_while.c: the thread folds its index onto four slots
// (`id %= 4;`), so with more than four workers two threads count into one slot.
// fixed-twin: val_struct_while.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: stats.per_thread[].odd RACE
// expect: stats.per_thread[].seen RACE
// expect: stats.total race-free
// expect-race-at: stats.per_thread[].odd 58 39
// expect-race-at: stats.per_thread[].seen 58 37
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
  id %= 4;
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
