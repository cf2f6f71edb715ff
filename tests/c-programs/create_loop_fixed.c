// Threads created in a loop; the shared maximum is updated under a lock.
// expect: best race-free
#include <pthread.h>

int best;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  long v = (long) arg;
  pthread_mutex_lock (&m);
  if (v > best)
    best = v;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t[8];
  for (long i = 0; i < 8; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  return 0;
}
