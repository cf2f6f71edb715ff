// The racy twin of join_all_malloc.c: the workers increment the counter without the
// lock, so they race with each other (main's read after the joins does not race).
// expect: counter RACE
// expect-race-at: counter 18 18
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_unlocked.c:26 race-free
// fixed-twin: join_all_malloc.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long counter;

static void *
worker (void *arg)
{
  counter++;
  return arg;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  pthread_t *t = malloc (n * sizeof *t);
  if (!t)
    return 1;
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", counter);
  free (t);
  return 0;
}
