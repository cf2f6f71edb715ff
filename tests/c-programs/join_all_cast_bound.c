// The join loop's bound is the count cast to unsigned char, the create loop's the
// count itself: with 300 threads the join loop joins 44 of them, so the others may
// still count when main reads the counter. (The bounds print alike once the cast
// is dropped; they are compared by structure, casts included.)
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_cast_bound.c:32 race-free
// expect: counter RACE
// expect-race-at: counter 39 23
// fixed-twin: join_all_cast_same.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  counter++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 300;
  pthread_t *t = malloc (n * sizeof *t);
  if (!t)
    return 1;
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < (unsigned char) n; i++)
    pthread_join (t[i], NULL);
  printf ("%d\n", counter);
  return 0;
}
