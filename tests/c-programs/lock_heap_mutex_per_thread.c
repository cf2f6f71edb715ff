// Racy twin of lock_heap_mutex.c: the mutex is allocated in the create loop, so each worker
// locks a mutex of its own, and the counter is not protected at all.
// expect: counter RACE
// expect-race-at: counter 18 18
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
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    {
      pthread_mutex_t *mu = malloc (sizeof *mu);
      if (mu == NULL)
        return 1;
      pthread_mutex_init (mu, NULL);
      pthread_create (&t[i], NULL, worker, mu);
    }
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
