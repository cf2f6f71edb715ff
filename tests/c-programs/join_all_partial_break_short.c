// RACY twin of join_all_partial_break.c: the join loop starts at 1, so the first
// thread started may still add to the sum while main reads it.
// expect: total RACE
// expect-race-at: total 22 43
// expect: argv[] race-free
// expect: heap@join_all_partial_break_short.c:31 race-free
// expect: argv strings race-free
// expect: stderr race-free
// fixed-twin: join_all_partial_break.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
work (void *arg)
{
  long part = (long) arg * 2;
  pthread_mutex_lock (&total_lock);
  total += part;
  pthread_mutex_unlock (&total_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 8;
  pthread_t *tids = calloc ((size_t) n, sizeof *tids);
  if (!tids)
    return 1;
  int started;
  for (started = 0; started < n; started++)
    if (pthread_create (&tids[started], NULL, work, (void *) (long) started) != 0)
      {
        fprintf (stderr, "only %d threads\n", started);
        break;
      }
  for (int i = 1; i < started; i++)
    pthread_join (tids[i], NULL);
  printf ("%ld\n", total);
  free (tids);
  return 0;
}
