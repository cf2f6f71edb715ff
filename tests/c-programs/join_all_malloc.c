// The paper's CounterWithLock as C programs write it: the number of workers comes
// from the command line and their handles from malloc; main creates them in one loop,
// joins them in another, then prints the counter they incremented under the lock.
// The join loop waits for every thread the create loop started, so main's read after
// it is race-free for any number of workers.
// expect: counter race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_malloc.c:32 race-free
// racy-twin: join_all_break.c join_all_bound_changed.c join_all_fewer.c join_all_between_read.c
// racy-twin: join_all_unlocked.c
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
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", counter);
  free (t);
  return 0;
}
