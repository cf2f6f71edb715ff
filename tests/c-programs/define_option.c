// Preprocessor options reach the C front end: with -DUSE_LOCK (and -std=gnu11, -I.)
// the update is locked.
// args: -DUSE_LOCK -std=gnu11 -Itests/c-programs
// expect: value race-free
// racy-twin: undefine_option.c
#include <pthread.h>

int value;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  (void) arg;
#ifdef USE_LOCK
  pthread_mutex_lock (&m);
#endif
  value++;
#ifdef USE_LOCK
  pthread_mutex_unlock (&m);
#endif
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
