// The join loop goes on with the create loop's index without setting it again: it
// starts where the create loop stopped, joins nothing, and the print races with the
// workers. The `i = 0` further up is not its init (the create loop assigns i between).
// fixed-twin: join_all_init_apart.c
// expect: total RACE
// expect-race-at: total 22 57
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_init_apart_stale.c:39 race-free
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
  int i = 0, n;
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
  while (i < n)
    {
      if (pthread_create (&tids[i], NULL, worker, NULL) != 0)
        {
          perror ("pthread_create");
          exit (1);
        }
      i++;
    }
  puts ("all started");
  while (i < n)
    {
      pthread_join (tids[i], NULL);
      i++;
    }
  printf ("%ld\n", total);
  free (tids);
  return 0;
}
