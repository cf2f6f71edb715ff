// A thread creates further threads; the grandchildren update result under a lock.
// expect: result race-free
#include <pthread.h>

int result;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *leaf (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  result = result * 2;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *spawner (void *arg)
{
  (void) arg;
  pthread_t a, b;
  pthread_create (&a, NULL, leaf, NULL);
  pthread_create (&b, NULL, leaf, NULL);
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, spawner, NULL);
  return 0;
}
