// The racy twin of join_all_malloc.c: the join loop stops one short of the create
// loop, so the last worker may still run when main prints the counter.
// expect: counter RACE
// expect-race-at: counter 36 20
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_fewer.c:29 race-free
// fixed-twin: join_all_malloc.c
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
  if (!t)
    return 1;
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < n - 1; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", counter);
  free (t);
  return 0;
}
