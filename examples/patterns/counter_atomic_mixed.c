// Pattern: shared counter, atomic increments mixed with a plain reset — a reporter thread
// zeroes the counter with an ordinary store while workers increment it atomically.
// expect: hits RACE
// why: the workers' __atomic_fetch_add is atomic, but the reporter's `hits = 0` is a plain
//   write of the same object; a plain access concurrent with an atomic one is a data race.
// fixed-twin: counter_atomic.c
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static long hits;

static void *worker (void *arg)
{
  (void) arg;
  for (;;)
    __atomic_fetch_add (&hits, 1, __ATOMIC_RELAXED);
  return NULL;
}

static void *reporter (void *arg)
{
  (void) arg;
  for (;;)
    {
      sleep (1);
      printf ("%ld hits/s\n", __atomic_load_n (&hits, __ATOMIC_RELAXED));
      hits = 0;
    }
  return NULL;
}

int main (void)
{
  pthread_t w[4], r;
  for (int i = 0; i < 4; i++)
    pthread_create (&w[i], NULL, worker, NULL);
  pthread_create (&r, NULL, reporter, NULL);
  pthread_join (r, NULL);
  return 0;
}
