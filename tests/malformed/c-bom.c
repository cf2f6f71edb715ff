/* A UTF-8 byte-order mark: the preprocessor skips it, and so do columns. */
#include <pthread.h>

int counter;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  counter++;
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], 0);
  return 0;
}
