// Racy twin of join_all_step_in_call.c: the join loop stops one slot short (`t < n -
// 1`), so the last thread may still add to sum while main prints it.
// fixed-twin: join_all_step_in_call.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_step_in_call_short.c:33 race-free
// expect: stderr race-free
// expect: sum RACE
// expect-race-at: sum 46 22
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static double sum;
static pthread_mutex_t sum_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
add (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&sum_lock);
  sum += 1.5;
  pthread_mutex_unlock (&sum_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? strtol (argv[1], NULL, 10) : 4, t;
  if (n < 1 || n > 128)
    return 1;
  pthread_t *tids = calloc ((size_t) n, sizeof *tids);
  if (!tids)
    return 1;
  for (t = 0; t < n; t++)
    if (pthread_create (&tids[t], NULL, add, NULL) != 0)
      return 1;
  t = 0;
  while (t < n - 1)
    if (pthread_join (tids[t++], NULL) != 0)
      {
        fprintf (stderr, "pthread_join failed\n");
        return EXIT_FAILURE;
      }
  printf ("%g\n", sum);
  free (tids);
  return 0;
}
