// A create loop that stops at the first pthread_create that fails, and a join loop
// that joins only the threads it started: from 0 up to where the create loop's index
// stopped (the failed pass filled no slot). The sum the workers add to is read after
// the join loop without the lock.
// expect: total race-free
// expect: argv[] race-free
// expect: heap@join_all_partial_break.c:32 race-free
// expect: argv strings race-free
// expect: stderr race-free
// racy-twin: join_all_partial_break_short.c join_all_partial_break_given_back.c
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
  for (int i = 0; i < started; i++)
    pthread_join (tids[i], NULL);
  printf ("%ld\n", total);
  free (tids);
  return 0;
}
