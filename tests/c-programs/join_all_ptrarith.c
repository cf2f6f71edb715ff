// Handles reached by pointer arithmetic: pthread_create (t + i, ...) and
// pthread_join (*(t + i), NULL); the bound a size_t from sysconf-like arithmetic.
// expect: counter race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_ptrarith.c:27 race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

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
  size_t cpus = argc > 1 ? (size_t) atol (argv[1]) : 2, n = 2 * cpus + 1;
  pthread_t *t = malloc (n * sizeof (pthread_t));
  if (t == NULL)
    return EXIT_FAILURE;
  for (size_t i = 0; i < n; i++)
    pthread_create (t + i, NULL, worker, NULL);
  for (size_t i = 0; i < n; i++)
    pthread_join (*(t + i), NULL);
  printf ("%ld\n", counter);
  free (t);
  return EXIT_SUCCESS;
}
