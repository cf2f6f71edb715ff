// Pattern: lock striping with an array of mutexes — a hash table of counters where bucket b
// is guarded by locks[b].
// expect: buckets[] race-free
// why: every access to buckets[b] holds locks[b] for the same b, so two threads in the same
//   bucket exclude each other, and threads in different buckets touch different elements.
// racy-twin: lock_array_wrong_index.c
#include <pthread.h>
#include <stdio.h>

#define NBUCKETS 16

static long buckets[NBUCKETS];
static pthread_mutex_t locks[NBUCKETS];

static unsigned hash (unsigned key)
{
  return (key ^ (key >> 4)) % NBUCKETS;
}

static void count_key (unsigned key)
{
  unsigned b = hash (key);
  pthread_mutex_lock (&locks[b]);
  buckets[b]++;
  pthread_mutex_unlock (&locks[b]);
}

static void *worker (void *arg)
{
  unsigned seed = (unsigned) (long) arg;
  for (unsigned i = 0; i < 10000; i++)
    count_key (seed * 31 + i);
  return NULL;
}

int main (void)
{
  for (int b = 0; b < NBUCKETS; b++)
    pthread_mutex_init (&locks[b], NULL);
  pthread_t t;
  for (long i = 0;; i++)
    pthread_create (&t, NULL, worker, (void *) i);
}
