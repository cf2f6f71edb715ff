// A binary semaphore as a lock: sem_init to 1, every increment between sem_wait and
// sem_post, any number of threads.
// expect: counter race-free
#include <pthread.h>
#include <semaphore.h>

int counter;
sem_t lock;

static void *inc (void *arg)
{
  (void) arg;
  sem_wait (&lock);
  counter++;
  sem_post (&lock);
  return NULL;
}

int main (void)
{
  pthread_t t;
  sem_init (&lock, 0, 1);
  for (;;)
    pthread_create (&t, NULL, inc, NULL);
}
