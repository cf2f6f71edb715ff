// Two threads per slot: an inner loop starts a pair of threads on the same element
// of the outer loop's index, and both write it. The outer passes each have their own
// index, but that does not make one thread per element.
// expect: local@main:slot[] RACE
// expect-race-at: local@main:slot[] 19 19
// expect: argv[] race-free
// expect: argv strings race-free
// fixed-twin: elem_two_per_slot_fixed.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
bump (void *arg)
{
  int *v = arg;
  *v += 1;
  pthread_mutex_lock (&out_lock);
  printf ("%d\n", *v);
  pthread_mutex_unlock (&out_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = atoi (argv[argc - 1]);
  if (n < 1 || n > 8)
    return 1;
  int slot[8] = { 0 };
  pthread_t t[8][2];
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 2; k++)
      pthread_create (&t[i][k], NULL, bump, &slot[i]);
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 2; k++)
      pthread_join (t[i][k], NULL);
  return 0;
}
