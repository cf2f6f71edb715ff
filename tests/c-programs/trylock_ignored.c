// The result of trylock is ignored: the update may run without the lock.
// expect: cache RACE
// expect-deadlock: unlock m: NOT HELD
// fixed-twin: trylock_checked.c
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int cache;

static void *worker (void *arg)
{
  (void) arg;
  pthread_mutex_trylock (&m);
  cache++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
