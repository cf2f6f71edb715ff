// Inclusive bounds: both loops run i from 0 to last with <=, and the results come
// back through pthread_join's second argument.
// expect: counter race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_le.c:27 race-free
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
  int last = argc > 1 ? atoi (argv[1]) - 1 : 3;
  pthread_t *t = malloc ((last + 1) * sizeof *t);
  void *status;
  if (!t)
    return 1;
  for (int i = 0; i <= last; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i <= last; i++)
    pthread_join (t[i], &status);
  printf ("%ld\n", counter);
  free (t);
  return 0;
}
