// Both loops written with while: the index set just before, stepped last in the body.
// expect: counter race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_while.c:26 race-free
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
  long n = argc > 1 ? strtol (argv[1], NULL, 10) : 4;
  pthread_t *t = malloc (sizeof (pthread_t) * (size_t) n);
  long i, j;
  if (!t)
    return 1;
  i = 0;
  while (i < n)
    {
      pthread_create (&t[i], NULL, worker, NULL);
      i++;
    }
  j = 0;
  while (j < n)
    {
      pthread_join (t[j], NULL);
      j = j + 1;
    }
  printf ("%ld\n", counter);
  free (t);
  return 0;
}
