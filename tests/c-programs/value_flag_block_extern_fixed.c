// As value_flag_block_extern.c (the flag set through a block-scope `extern`
// declaration), but the workers update the data under the mutex.
// expect: go race-free
// expect: data race-free
#include <pthread.h>

int go;
static int data;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t started = PTHREAD_COND_INITIALIZER;

static void *
starter (void *arg)
{
  extern int go;
  pthread_mutex_lock (&mu);
  go = 1;
  pthread_cond_broadcast (&started);
  pthread_mutex_unlock (&mu);
  return arg;
}

static void *
worker (void *arg)
{
  pthread_mutex_lock (&mu);
  while (go == 0)
    pthread_cond_wait (&started, &mu);
  if (go == 1)
    data++;
  pthread_mutex_unlock (&mu);
  return arg;
}

int
main (void)
{
  pthread_t s, a, b;
  pthread_create (&s, NULL, starter, NULL);
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  return 0;
}
