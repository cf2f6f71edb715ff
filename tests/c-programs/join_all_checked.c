// Every call checked as careful programs do: a failed create ends the program, a
// failed join is reported (the loop goes on), the result kept in a local.
// expect: counter race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_checked.c:31 race-free
// expect: stderr race-free
// racy-twin: join_all_detached.c
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    {
      perror ("malloc");
      return EXIT_FAILURE;
    }
  for (int i = 0; i < n; i++)
    {
      int rc = pthread_create (&t[i], NULL, worker, NULL);
      if (rc != 0)
        {
          fprintf (stderr, "pthread_create: error %d\n", rc);
          exit (EXIT_FAILURE);
        }
    }
  for (int i = 0; i < n; i++)
    {
      int rc = pthread_join (t[i], NULL);
      if (rc)
        fprintf (stderr, "pthread_join: error %d\n", rc);
    }
  printf ("%ld\n", counter);
  free (t);
  return EXIT_SUCCESS;
}
