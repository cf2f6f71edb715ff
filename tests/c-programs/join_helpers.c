// Creates and joins behind helpers: spawn_all () starts nthreads workers, join_all ()
// joins them all (a while loop); main reads the total after join_all ().
// expect: total race-free
// expect: nthreads race-free
// expect: threads race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_helpers.c:50 race-free
// racy-twin: join_helpers_early.c
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
      pthread_join (threads[i], NULL);
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
