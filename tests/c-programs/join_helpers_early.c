// The racy twin of join_helpers.c: join_all () returns at the first failed join, so
// main may read the total while later workers still run.
// expect: total RACE
// expect-race-at: total 57 24
// expect: nthreads race-free
// expect: threads race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_helpers_early.c:52 race-free
// fixed-twin: join_helpers.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long total;
static int nthreads;
static pthread_t *threads;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&lock);
  total += (long) arg;
  pthread_mutex_unlock (&lock);
  return NULL;
}

static void
spawn_all (void)
{
  for (int i = 0; i < nthreads; i++)
    pthread_create (&threads[i], NULL, worker, (void *) (long) i);
}

static void
join_all (void)
{
  int i = 0;
  while (i < nthreads)
    {
      if (pthread_join (threads[i], NULL) != 0)
        return;
      i++;
    }
}

int
main (int argc, char **argv)
{
  nthreads = argc > 1 ? atoi (argv[1]) : 4;
  threads = calloc (nthreads, sizeof *threads);
  if (!threads)
    return 1;
  spawn_all ();
  join_all ();
  printf ("%ld\n", total);
  free (threads);
  return 0;
}
