// Racy twin of lock_heap_mutex.c: main allocates once, but an array of two mutexes, and
// workers lock the one their argument picks, so two workers can hold different mutexes
// while they bump the counter (the site stands for both: a lock through it is no lock).
// expect: counter RACE
// expect: mus race-free
// expect-race-at: counter 22 22
// fixed-twin: lock_heap_mutex.c
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

static pthread_mutex_t *mus;
static long counter;

static void *
worker (void *arg)
{
  uintptr_t which = (uintptr_t) arg % 2;
  for (int k = 0; k < 1000; k++)
    {
      pthread_mutex_lock (&mus[which]);
      counter++;
      pthread_mutex_unlock (&mus[which]);
    }
  return NULL;
}

int
main (void)
{
  mus = calloc (2, sizeof *mus);
  if (mus == NULL)
    return 1;
  pthread_mutex_init (&mus[0], NULL);
  pthread_mutex_init (&mus[1], NULL);
  pthread_t t[4];
  for (uintptr_t i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  free (mus);
  return 0;
}
