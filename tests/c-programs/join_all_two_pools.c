// Two pools of different threads, both created before either is joined: readers
// count what writers produce under one lock; main prints after joining both.
// expect: produced race-free
// expect: consumed race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_two_pools.c:39 race-free
// expect: heap@join_all_two_pools.c:40 race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long produced, consumed;

static void *
producer (void *arg)
{
  pthread_mutex_lock (&m);
  produced++;
  pthread_mutex_unlock (&m);
  return arg;
}

static void *
consumer (void *arg)
{
  pthread_mutex_lock (&m);
  if (produced > consumed)
    consumed++;
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (int argc, char **argv)
{
  int np = argc > 1 ? atoi (argv[1]) : 2, nc = argc > 2 ? atoi (argv[2]) : 2;
  pthread_t *prod = malloc (np * sizeof *prod);
  pthread_t *cons = malloc (nc * sizeof *cons);
  if (!prod || !cons)
    return 1;
  for (int i = 0; i < np; i++)
    pthread_create (&prod[i], NULL, producer, NULL);
  for (int i = 0; i < nc; i++)
    pthread_create (&cons[i], NULL, consumer, NULL);
  for (int i = 0; i < np; i++)
    pthread_join (prod[i], NULL);
  for (int i = 0; i < nc; i++)
    pthread_join (cons[i], NULL);
  printf ("%ld %ld\n", produced, consumed);
  free (prod);
  free (cons);
  return 0;
}
