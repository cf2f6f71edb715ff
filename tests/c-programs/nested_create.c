// A thread creates further threads; the grandchildren race on result.
// expect: result RACE
#include <pthread.h>

int result;

static void *leaf (void *arg)
{
  (void) arg;
  result = result * 2;
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
