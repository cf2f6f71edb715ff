// Threads created in a loop; each reads then writes a shared maximum without a lock.
// expect: best RACE
#include <pthread.h>

int best;

static void *worker (void *arg)
{
  long v = (long) arg;
  if (v > best)
    best = v;
  return NULL;
}

int main (void)
{
  pthread_t t[8];
  for (long i = 0; i < 8; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  return 0;
}
