// The racy twin of join_all_rounds.c: main resets the counter before joining the
// round's workers.
// expect: counter RACE
// expect-race-at: counter 36 20
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_all_rounds_racy.c:29 race-free
// fixed-twin: join_all_rounds.c
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
  int rounds = argc > 2 ? atoi (argv[2]) : 3, n = argc > 1 ? atoi (argv[1]) : 4;
  pthread_t *t = malloc (n * sizeof *t);
  if (!t)
    return 1;
  for (int r = 0; r < rounds; r++)
    {
      for (int i = 0; i < n; i++)
        pthread_create (&t[i], NULL, worker, NULL);
      counter = 0;
      for (int i = 0; i < n; i++)
        pthread_join (t[i], NULL);
    }
  free (t);
  return 0;
}
