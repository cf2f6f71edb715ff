// The loops' indices set apart from them: `int i = 0, j = 0;` at the top of main, other
// statements between (a for loop with no init, a while loop). Both loops still count
// over the same slots, so every worker has ended at the print.
// racy-twin: join_all_init_apart_stale.c
// expect: total race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_init_apart.c:38 race-free
// expect: stderr race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long total;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&lock);
  total += 2;
  pthread_mutex_unlock (&lock);
  return arg;
}

int
main (int argc, char **argv)
{
  int i = 0, j = 0, n;
  pthread_t *tids;

  n = argc > 1 ? atoi (argv[1]) : 4;
  if (n < 1)
    {
      fprintf (stderr, "usage: %s [threads]\n", argv[0]);
      return 2;
    }
  tids = calloc ((size_t) n, sizeof *tids);
  if (tids == NULL)
    return 1;
  for (; i < n; ++i)
    if (pthread_create (&tids[i], NULL, worker, NULL) != 0)
      {
        perror ("pthread_create");
        exit (1);
      }
  puts ("all started");
  while (j < n)
    {
      pthread_join (tids[j], NULL);
      j++;
    }
  printf ("%ld\n", total);
  free (tids);
  return 0;
}
