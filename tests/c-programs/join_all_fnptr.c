// The start routine chosen at run time through a function pointer: the create loop
// starts threads of either routine, and the join loop waits for all of them.
// expect: counter race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_fnptr.c:37 race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long counter;

static void *
slow (void *arg)
{
  pthread_mutex_lock (&lock);
  counter += 1;
  pthread_mutex_unlock (&lock);
  return arg;
}

static void *
fast (void *arg)
{
  pthread_mutex_lock (&lock);
  counter += 2;
  pthread_mutex_unlock (&lock);
  return arg;
}

int
main (int argc, char **argv)
{
  void *(*start) (void *) = argc > 2 ? fast : slow;
  int n = argc > 1 ? atoi (argv[1]) : 4;
  pthread_t *t = malloc (n * sizeof *t);
  if (!t)
    return 1;
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], NULL, start, NULL);
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", counter);
  free (t);
  return 0;
}
