// Fixed twin of elem_two_per_slot.c: the two threads of a slot bump it under the
// lock, so they no longer race on the element they share.
// expect: local@main:slot[] race-free
// expect: argv[] race-free
// expect: argv strings race-free
// racy-twin: elem_two_per_slot.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
bump (void *arg)
{
  int *v = arg;
  pthread_mutex_lock (&out_lock);
  *v += 1;
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
