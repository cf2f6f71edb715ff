// As join_param_helpers.c, but main hands the join helper another array than the
// one the threads' handles went to: none of the workers is known to have ended.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: local@main:quota race-free
// expect: heap@join_param_helpers_wrong.c:58 race-free
// (spare, line 61, is only read by main through a helper that keeps nothing: private)
// expect: stderr race-free
// expect: served RACE
// expect-race-at: served 66 26
// fixed-twin: join_param_helpers.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int served;
static pthread_mutex_t served_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
serve (void *arg)
{
  int quota = *(const int *) arg;
  for (int r = 0; r < quota; r++)
    {
      pthread_mutex_lock (&served_lock);
      served++;
      pthread_mutex_unlock (&served_lock);
    }
  return NULL;
}

static void
spawn_all (pthread_t *tids, int n, int *quota)
{
  for (int i = 0; i < n; i++)
    pthread_create (&tids[i], NULL, serve, quota);
}

static void
join_all (pthread_t *tids, int n)
{
  for (int i = 0; i < n; i++)
    if (pthread_join (tids[i], NULL) != 0)
      {
        fprintf (stderr, "join_all: cannot join thread %d\n", i);
        exit (EXIT_FAILURE);
      }
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 8;
  int quota = argc > 2 ? atoi (argv[2]) : 1000;

  if (n < 1)
    n = 1;
  pthread_t *tids = malloc (n * sizeof *tids);
  if (tids == NULL)
    return 1;
  pthread_t *spare = malloc (n * sizeof *spare);
  if (spare == NULL)
    return 1;
  spawn_all (tids, n, &quota);
  join_all (spare, n);
  printf ("served %d\n", served);
  free (tids);
  return 0;
}
