// Fixed twin of array.c: the two threads of a pair write their shared slot under one
// lock.
// expect: slots[] race-free
#include <pthread.h>

int slots[4];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  long i = (long) arg;
  pthread_mutex_lock (&m);
  slots[i / 2] = 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t[8];
  for (long i = 0; i < 8; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  return 0;
}
