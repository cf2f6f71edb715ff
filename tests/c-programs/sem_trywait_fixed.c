// The fixed twin of sem_trywait.c: the shadow counter too is incremented only when
// sem_trywait succeeded, before the post.
// expect: counter race-free
// expect: shadow race-free
// racy-twin: sem_trywait.c
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
      shadow++;
      sem_post (&lock);
    }
  return NULL;
}

int main (void)
{
  pthread_t t;
  sem_init (&lock, 0, 1);
  for (;;)
    pthread_create (&t, NULL, inc, NULL);
}
