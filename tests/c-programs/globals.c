// Globals: a compound assignment outside the lock races; a read-only global does not.
// expect: hits RACE
// expect: limit race-free
#include <pthread.h>

int hits;
int limit = 10;

static void *worker (void *arg)
{
  (void) arg;
  if (limit > 0)
    hits += 1;
  return NULL;
}

int main (void)
{
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  return 0;
}
