// Preprocessor options reach the C front end in order: -U after -D undefines the
// macro again, so the update is not locked and two workers race.
// args: -DUSE_LOCK -UUSE_LOCK -std=gnu11
// expect: value RACE
// fixed-twin: define_option.c
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
