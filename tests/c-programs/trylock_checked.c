// trylock checked in the usual ways: the update runs only when the lock was taken.
// expect: cache race-free
// expect: misses race-free
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int cache;
int misses;

static void *worker (void *arg)
{
  (void) arg;
  if (pthread_mutex_trylock (&m) == 0)
    {
      cache++;
      pthread_mutex_unlock (&m);
    }
  if (!pthread_mutex_trylock (&m))
    {
      cache--;
      pthread_mutex_unlock (&m);
    }
  if (pthread_mutex_trylock (&m) != 0)
    return NULL;
  cache += 2;
  misses++;
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
