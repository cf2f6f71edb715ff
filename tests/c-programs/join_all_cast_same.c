// Both loops are bounded by the count cast to unsigned char: the join loop joins
// every thread the create loop started, whatever the count.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_cast_same.c:29 race-free
// expect: counter race-free
// racy-twin: join_all_cast_bound.c
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
  for (int i = 0; i < (unsigned char) n; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < (unsigned char) n; i++)
    pthread_join (t[i], NULL);
  printf ("%d\n", counter);
  return 0;
}
