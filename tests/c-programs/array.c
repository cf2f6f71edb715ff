// An array is one location: threads writing different slots are still reported.
// expect: slots[] RACE
#include <pthread.h>

int slots[4];

static void *worker (void *arg)
{
  long i = (long) arg;
  slots[i] = 1;
  return NULL;
}

int main (void)
{
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  return 0;
}
