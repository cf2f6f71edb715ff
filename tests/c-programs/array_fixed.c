// Array slots written under one lock.
// expect: slots[] race-free
#include <pthread.h>

int slots[4];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  long i = (long) arg;
  pthread_mutex_lock (&m);
  slots[i] = 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  return 0;
}
