// Pattern: semaphore hand-off, post before use — as semaphore_handoff.c, but the consumer
// gives the slot back (sem_post (&empty)) before it has read it.
// expect: slot RACE
// why: once the consumer posted empty, a producer can pass sem_wait (&empty) and write slot
//   while the consumer is still reading it.
// fixed-twin: semaphore_handoff.c
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

static long slot;
static sem_t empty, full;

static void *producer (void *arg)
{
  long base = (long) arg;
  for (long i = 0; i < 1000; i++)
    {
      sem_wait (&empty);
      slot = base + i;
      sem_post (&full);
    }
  return NULL;
}

static void *consumer (void *arg)
{
  (void) arg;
  for (;;)
    {
      sem_wait (&full);
      sem_post (&empty);
      long v = slot;
      if (v % 100 == 0)
        printf ("%ld\n", v);
    }
  return NULL;
}

int main (void)
{
  sem_init (&empty, 0, 1);
  sem_init (&full, 0, 0);
  pthread_t t;
  for (long i = 0; i < 3; i++)
    pthread_create (&t, NULL, producer, (void *) (i * 1000));
  pthread_create (&t, NULL, consumer, NULL);
  pthread_join (t, NULL);
  return 0;
}
