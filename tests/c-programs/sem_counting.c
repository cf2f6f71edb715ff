// A counting semaphore initialised to 2 admits two threads at once: the increment
// it guards races.
// expect: counter RACE
// fixed-twin: sem_mutex.c
#include <pthread.h>
#include <semaphore.h>
int counter;
sem_t slots;

static void *inc (void *arg)
{
  (void) arg;
  sem_wait (&slots);
  counter++;
  sem_post (&slots);
  return NULL;
}

int main (void)
{
  pthread_t t;
  sem_init (&slots, 0, 2);
  for (;;)
    pthread_create (&t, NULL, inc, NULL);
}
