// Racy twin of lock_elem_stripes.c: the sum is added after the stripe's mutex is released.
// expect: count[] race-free
// expect: sum[] RACE
// expect-race-at: sum[] 21 21
// fixed-twin: lock_elem_stripes.c
#include <pthread.h>
#include <stdint.h>

#define NSTRIPES 64

static pthread_mutex_t locks[NSTRIPES];
static unsigned long count[NSTRIPES];
static long sum[NSTRIPES];

static void
record (unsigned h, long v)
{
  pthread_mutex_lock (&locks[h]);
  count[h]++;
  pthread_mutex_unlock (&locks[h]);
  sum[h] += v;
}

static void *
worker (void *arg)
{
  uintptr_t id = (uintptr_t) arg;
  for (long v = 0; v < 5000; v++)
    record ((unsigned) ((v * 2654435761u + id) % NSTRIPES), v);
  return NULL;
}

int
main (void)
{
  pthread_t t[8];
  for (int i = 0; i < NSTRIPES; i++)
    pthread_mutex_init (&locks[i], NULL);
  for (uintptr_t i = 0; i < 8; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 8; i++)
    pthread_join (t[i], NULL);
  return 0;
}
