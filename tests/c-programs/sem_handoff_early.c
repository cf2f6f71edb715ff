// Semaphore hand-off, posted too early: the producer posts before writing, so the
// consumer may read while the message is being written.
// expect: message RACE
// fixed-twin: sem_handoff.c
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
int message;
sem_t ready;

static void *producer (void *arg)
{
  (void) arg;
  sem_post (&ready);
  message = 42;
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
