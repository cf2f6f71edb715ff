// The loops compare with != and step with i = i + 1; the workers each get a slot of
// their own in an array of results through the argument and main sums them after
// the joins.
// expect: counter race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_ne.c:28 race-free
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
  unsigned n = argc > 1 ? (unsigned) atoi (argv[1]) : 4u;
  pthread_t *handles = calloc (n, sizeof *handles);
  if (!handles)
    return 1;
  for (unsigned k = 0; k != n; k = k + 1)
    pthread_create (&handles[k], 0, worker, 0);
  for (unsigned k = 0; k != n; k = k + 1)
    pthread_join (handles[k], 0);
  printf ("%ld\n", counter);
  free (handles);
  return 0;
}
