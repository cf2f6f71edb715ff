// The counter is guarded by one global mutex instead of a lock from an array.
// expect: count race-free
#include <pthread.h>

pthread_mutex_t big = PTHREAD_MUTEX_INITIALIZER;
int count;

static void *worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&big);
  count++;
  pthread_mutex_unlock (&big);
  return NULL;
}

int main (void)
{
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  return 0;
}
