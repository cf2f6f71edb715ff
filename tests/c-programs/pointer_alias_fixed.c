// Access through a pointer to a global, under the lock the reader takes too.
// expect: shared race-free
// expect: other race-free
#include <pthread.h>

int shared;
int other;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void bump (int *p)
{
  pthread_mutex_lock (&m);
  *p = *p + 1;
  pthread_mutex_unlock (&m);
}

static void *writer (void *arg)
{
  (void) arg;
  bump (&shared);
  return NULL;
}

static void *reader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  long v = shared + other;
  pthread_mutex_unlock (&m);
  return (void *) v;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, writer, NULL);
  pthread_create (&b, NULL, reader, NULL);
  return 0;
}
