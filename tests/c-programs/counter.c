// Counter (Table 1): any number of threads increment a shared counter without a lock.
// expect: counter RACE
// fixed-twin: counter_with_lock.c
#include <pthread.h>
int counter;

static void *inc (void *arg)
{
  (void) arg;
  counter = counter + 1;
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, inc, NULL);
  return 0;
}
