// Semaphore hand-off: the producer writes the message, then posts; the consumer
// waits for the post before reading. The semaphore starts at 0, so the read can
// only follow the write.
// expect: message race-free
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

int message;
sem_t ready;

static void *producer (void *arg)
{
  (void) arg;
  message = 42;
  sem_post (&ready);
  return NULL;
}

static void *consumer (void *arg)
{
  (void) arg;
  sem_wait (&ready);
  printf ("%d\n", message);
  return NULL;
}

int main (void)
{
  pthread_t p, c;
  sem_init (&ready, 0, 0);
  pthread_create (&p, NULL, producer, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  return 0;
}
