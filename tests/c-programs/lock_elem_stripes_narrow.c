// Racy twin of lock_elem_stripes_helper.c: one worker kind locks the stripe through a
// narrowing cast, (unsigned char) h, which with 512 stripes is another stripe's mutex
// when h >= 256; the other kind locks locks[h]. Two workers with the same h then update
// data[h] under different mutexes. (A cast that may change the index is no key.)
// expect: data[] RACE
// expect: hits[] RACE
// expect-race-at: data[] 21 21
// fixed-twin: lock_elem_stripes_helper.c
#include <pthread.h>
#include <stdint.h>

#define NSTRIPES 512

static pthread_mutex_t locks[NSTRIPES];
static long data[NSTRIPES];
static unsigned hits[NSTRIPES];

static void
bump (unsigned i, long v)
{
  data[i] += v;
  hits[i]++;
}

static void *
narrow_worker (void *arg)
{
  uintptr_t id = (uintptr_t) arg;
  for (long v = 0; v < 1000; v++)
    {
      unsigned h = (unsigned) ((uintptr_t) v * 2654435761u + id) % NSTRIPES;
      pthread_mutex_lock (&locks[(unsigned char) h]);
      bump (h, v);
      pthread_mutex_unlock (&locks[(unsigned char) h]);
    }
  return NULL;
}

static void *
worker (void *arg)
{
  uintptr_t id = (uintptr_t) arg;
  for (long v = 0; v < 1000; v++)
    {
      unsigned h = (unsigned) ((uintptr_t) v * 2654435761u + id) % NSTRIPES;
      pthread_mutex_lock (&locks[h]);
      bump (h, v);
      pthread_mutex_unlock (&locks[h]);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[4];
  for (int i = 0; i < NSTRIPES; i++)
    pthread_mutex_init (&locks[i], NULL);
  for (uintptr_t i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, i % 2 ? narrow_worker : worker, (void *) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
