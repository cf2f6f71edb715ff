// A parameter declared as an array is a pointer: writes through it reach the
// caller's array. The worker writes buf[] through it under the lock main takes too.
// expect: buf[] race-free
#include <pthread.h>
#include <stddef.h>

int buf[4];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void put (int a[], int v)
{
  a[1] = v;
}

static void *worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  put (buf, 1);
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&m);
  buf[2] = 3;
  pthread_mutex_unlock (&m);
  return 0;
}
