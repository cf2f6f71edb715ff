// Both loops count down, from the bound minus one to zero, with i-- and --i.
// expect: counter race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_down.c:26 race-free
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
  pthread_t *pool = calloc ((size_t) n, sizeof (pthread_t));
  if (pool == NULL)
    return 1;
  int i;
  for (i = n - 1; i >= 0; i--)
    pthread_create (&pool[i], NULL, worker, NULL);
  for (i = n - 1; i >= 0; --i)
    pthread_join (pool[i], NULL);
  printf ("%ld\n", counter);
  free (pool);
  return 0;
}
