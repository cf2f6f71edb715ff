// Lock striping: parallel arrays, count[h] and sum[h] guarded by locks[h], updated through a
// helper whose parameter is the index. The guess on h covers every array indexed by h:
// locks[h] is the representative's mutex exactly when count[h] and sum[h] are its data.
// expect: count[] race-free
// expect: sum[] race-free
// racy-twin: lock_elem_stripes_late.c
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
  sum[h] += v;
  pthread_mutex_unlock (&locks[h]);
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
