// Racy twin of lock_elem_trylock_busy.c: a worker that does not get the bucket's mutex still
// records the time of its visit.
// expect: buckets race-free
// expect: heap@lock_elem_trylock_busy.c:49.hits race-free
// expect: heap@lock_elem_trylock_busy.c:49.last RACE
// expect-race-at: heap@lock_elem_trylock_busy.c:49.last 40 40
// fixed-twin: lock_elem_trylock.c
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#define NBUCKETS 64

struct bucket {
  pthread_mutex_t m;
  unsigned long hits;
  long last;
};

static struct bucket *buckets;

static void *
worker (void *arg)
{
  struct bucket *tab = buckets;
  uintptr_t id = (uintptr_t) arg;
  unsigned long busy = 0;
  for (long k = 0; k < 10000; k++)
    {
      size_t h = (size_t) (k * 40503u + id) % NBUCKETS;
      if (pthread_mutex_trylock (&tab[h].m) == 0)
        {
          tab[h].hits++;
          tab[h].last = k;
          pthread_mutex_unlock (&tab[h].m);
        }
      else
        {
          busy++;
          tab[h].last = -k;
        }
    }
  return (void *) busy;
}

int
main (void)
{
  buckets = calloc (NBUCKETS, sizeof *buckets);
  if (buckets == NULL)
    return 1;
  for (int i = 0; i < NBUCKETS; i++)
    pthread_mutex_init (&buckets[i].m, NULL);
  pthread_t t[4];
  for (uintptr_t i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  free (buckets);
  return 0;
}
