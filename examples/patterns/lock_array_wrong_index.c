// Pattern: lock striping with the wrong stripe — as lock_array.c, but the lock index is
// computed from the key while the bucket is chosen by the hash.
// expect: buckets[] RACE
// why: keys 1 and 16 both hash to bucket 1, but one thread counting key 1 locks locks[1]
//   while another counting key 16 locks locks[0]: both update buckets[1] at once.
// fixed-twin: lock_array.c
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
  pthread_mutex_lock (&locks[key % NBUCKETS]);
  buckets[b]++;
  pthread_mutex_unlock (&locks[key % NBUCKETS]);
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
