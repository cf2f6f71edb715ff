// Globals: two counters, one updated under a lock, one only read by the workers.
// expect: hits race-free
// expect: limit race-free
#include <pthread.h>

int hits;
int limit = 10;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  (void) arg;
  if (limit > 0)
    {
      pthread_mutex_lock (&m);
      hits += 1;
      pthread_mutex_unlock (&m);
    }
  return NULL;
}

int main (void)
{
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  return 0;
}
