// Pattern: semaphore hand-off — a one-slot mailbox guarded by two semaphores: `empty`
// (initially 1) lets a producer fill the slot, `full` (initially 0) lets a consumer empty it.
// expect: slot race-free
// why: empty + full + (threads between their sem_wait and sem_post) is always 1, so at most
//   one thread, producer or consumer, is touching slot at any time, whatever the number of
//   producers and consumers; each sem_post happens before the sem_wait it releases.
// racy-twin: semaphore_handoff_racy.c
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
      long v = slot;
      sem_post (&empty);
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
