// The racy twin of join_helpers_pool.c: a worker also resets pool_size, the bound of
// both loops, so stop_pool () may join fewer workers than start_pool () started.
// expect: results RACE
// expect-race-at: results 65 31
// expect: pool_size RACE
// expect: pool[].tid race-free
// expect: getenv() state race-free
// fixed-twin: join_helpers_pool.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_WORKERS 64

struct worker_slot
{
  pthread_t tid;
  int busy;
};

static struct worker_slot pool[MAX_WORKERS];
static int pool_size;
static pthread_mutex_t results_mutex = PTHREAD_MUTEX_INITIALIZER;
static unsigned long results;

static void *
work (void *unused)
{
  (void) unused;
  pthread_mutex_lock (&results_mutex);
  results++;
  pool_size = 1;
  pthread_mutex_unlock (&results_mutex);
  return NULL;
}

static void
start_pool (void)
{
  for (int i = 0; i < pool_size; ++i)
    if (pthread_create (&pool[i].tid, NULL, work, NULL) != 0)
      {
        perror ("pthread_create");
        exit (EXIT_FAILURE);
      }
}

static void
stop_pool (void)
{
  for (int i = 0; i < pool_size; ++i)
    pthread_join (pool[i].tid, NULL);
  return;
}

int
main (void)
{
  const char *env = getenv ("POOL_SIZE");
  pool_size = env ? atoi (env) : 8;
  if (pool_size < 1 || pool_size > MAX_WORKERS)
    pool_size = MAX_WORKERS;
  start_pool ();
  stop_pool ();
  printf ("%lu\n", results);
  return results == (unsigned long) pool_size ? 0 : 1;
}
