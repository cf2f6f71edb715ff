// Join loop from the last slot down to the first: `for (i = n - 1; i >= 0; i--)`.
// expect: counter race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_reverse_last.c:27 race-free
// racy-twin: join_all_reverse_short.c
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
  int i;
  if (!t)
    return 1;
  for (i = 0; i < n; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (i = n - 1; i >= 0; i--)
    pthread_join (t[i], NULL);
  printf ("%ld\n", counter);
  free (t);
  return 0;
}
