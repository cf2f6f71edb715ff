// One mutex allocated with malloc and reached through a global pointer: main allocates one
// mutex (malloc (sizeof *mu)) once (outside every loop and label, and no function calls
// main), so its allocation site stands for one mutex and the lock excludes.
// expect: counter race-free
// expect: mu race-free
// racy-twin: lock_heap_mutex_per_thread.c
// racy-twin: lock_heap_mutex_again.c
// racy-twin: lock_heap_mutex_array.c
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t *mu;
static long counter;

static void *
worker (void *arg)
{
  (void) arg;
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
  mu = malloc (sizeof *mu);
  if (mu == NULL)
    return 1;
  pthread_mutex_init (mu, NULL);
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  pthread_mutex_destroy (mu);
  free (mu);
  return 0;
}
