// The racy twin of join_all_checked.c: the workers are detached instead of joined,
// and main only sleeps before printing.
// expect: counter RACE
// expect-race-at: counter 40 21
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_detached.c:30 race-free
// fixed-twin: join_all_checked.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long counter;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&lock);
  counter++;
  pthread_mutex_unlock (&lock);
  return arg;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  pthread_t *t = malloc (n * sizeof *t);
  if (!t)
    return EXIT_FAILURE;
  for (int i = 0; i < n; i++)
    {
      if (pthread_create (&t[i], NULL, worker, NULL) != 0)
        exit (EXIT_FAILURE);
      pthread_detach (t[i]);
    }
  sleep (1);
  printf ("%ld\n", counter);
  free (t);
  return EXIT_SUCCESS;
}
