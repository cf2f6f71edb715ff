// Racy twin of lock_heap_mutex.c: main allocates the mutex again on a second round (a goto
// back to a label), while workers of the first round may still hold the first one; a
// worker of each round can then be inside its critical section at once.
// expect: counter RACE
// expect-race-at: counter 19 19
// fixed-twin: lock_heap_mutex.c
#include <pthread.h>
#include <stdlib.h>

static long counter;

static void *
worker (void *arg)
{
  pthread_mutex_t *mu = arg;
  for (int k = 0; k < 1000; k++)
    {
      pthread_mutex_lock (mu);
      counter++;
      pthread_mutex_unlock (mu);
    }
  return NULL;
}

int
main (void)
{
  int round = 0;
  pthread_t t[4];
again:;
  pthread_mutex_t *mu = malloc (sizeof *mu);
  if (mu == NULL)
    return 1;
  pthread_mutex_init (mu, NULL);
  for (int i = 0; i < 2; i++)
    pthread_create (&t[round * 2 + i], NULL, worker, mu);
  if (++round < 2)
    goto again;
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
