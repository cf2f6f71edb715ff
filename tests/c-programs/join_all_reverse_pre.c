// The racy twin of join_all_reverse.c: `--i > 0` tests the decremented index, so slot
// 0 is never joined.
// expect: counter RACE
// expect-race-at: counter 37 20
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_reverse_pre.c:29 race-free
// fixed-twin: join_all_reverse.c
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
  for (i = n; --i > 0; )
    pthread_join (t[i], NULL);
  printf ("%ld\n", counter);
  free (t);
  return 0;
}
