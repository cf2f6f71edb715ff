// sem_trywait checked (the increment only when it succeeded) is safe; the shadow
// counter is incremented whether or not it succeeded, which races.
// expect: counter race-free
// expect: shadow RACE
#include <pthread.h>
#include <semaphore.h>

int counter, shadow;
sem_t lock;

static void *inc (void *arg)
{
  (void) arg;
  if (sem_trywait (&lock) == 0)
    {
      counter++;
      sem_post (&lock);
    }
  shadow++;
  return NULL;
}

int main (void)
{
  pthread_t t;
  sem_init (&lock, 0, 1);
  for (;;)
    pthread_create (&t, NULL, inc, NULL);
}
