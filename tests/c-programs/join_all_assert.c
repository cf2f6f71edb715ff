// Calls wrapped in assert, as test programs write them (the assertion's condition is
// evaluated on every pass).
// expect: counter race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_assert.c:28 race-free
#include <assert.h>
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
  int n = argc > 1 ? atoi (argv[1]) : 4;
  pthread_t *t = malloc (n * sizeof *t);
  assert (t != NULL);
  for (int i = 0; i < n; i++)
    assert (pthread_create (&t[i], NULL, worker, NULL) == 0);
  for (int i = 0; i < n; i++)
    assert (pthread_join (t[i], NULL) == 0);
  printf ("%ld\n", counter);
  free (t);
  return 0;
}
