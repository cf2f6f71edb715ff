// Counter with lock (Table 1): the increment is protected by one global mutex.
// expect: counter race-free
#include <pthread.h>

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *inc (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  counter = counter + 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, inc, NULL);
  return 0;
}
