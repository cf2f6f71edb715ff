// main changes the configuration after a worker started: the worker may be reading it.
// expect: config RACE
// fixed-twin: write_before_create.c
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
  pthread_create (&t[0], NULL, worker, NULL);
  config = 42;
  pthread_create (&t[1], NULL, worker, NULL);
  return 0;
}
