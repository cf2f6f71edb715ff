// main initialises the configuration before it starts the workers, which only read it.
// expect: config race-free
#include <pthread.h>

int config;

static void *worker (void *arg)
{
  (void) arg;
  return (void *) (long) config;
}

int main (void)
{
  pthread_t t[2];
  config = 42;
  pthread_create (&t[0], NULL, worker, NULL);
  pthread_create (&t[1], NULL, worker, NULL);
  return 0;
}
