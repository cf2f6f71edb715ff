// Racy twin of lock_elem_global_table_moved.c: main swaps in a new table while the workers run,
// so a worker may lock a bucket of one table and update the same bucket of the other.
// expect: table RACE
// expect: heap@lock_elem_global_table_moved.c:29.bucket[].count RACE
// expect: heap@lock_elem_global_table_moved.c:29.bucket[].sum RACE
// expect-race-at: heap@lock_elem_global_table_moved.c:29.bucket[].count 46 46
// fixed-twin: lock_elem_global_table.c
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#define NBUCKETS 64

struct bucket {
  pthread_mutex_t lock;
  unsigned long count;
  long sum;
};

struct table {
  struct bucket bucket[NBUCKETS];
};

static struct table *table;

static struct table *
table_new (void)
{
  struct table *t = calloc (1, sizeof *t);
  if (t == NULL)
    return NULL;
  for (int i = 0; i < NBUCKETS; i++)
    pthread_mutex_init (&t->bucket[i].lock, NULL);
  return t;
}

static void *
worker (void *arg)
{
  uintptr_t seed = (uintptr_t) arg;
  for (long k = 0; k < 1000; k++)
    {
      seed = seed * 6364136223846793005u + 1442695040888963407u;
      size_t h = (size_t) (seed >> 33) % NBUCKETS;
      pthread_mutex_lock (&table->bucket[h].lock);
      table->bucket[h].count++;
      table->bucket[h].sum += k;
      pthread_mutex_unlock (&table->bucket[h].lock);
    }
  return NULL;
}

int
main (void)
{
  table = table_new ();
  if (table == NULL)
    return 1;
  pthread_t t[4];
  for (uintptr_t i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, (void *) (i + 1));
  struct table *old = table;
  table = table_new ();
  if (table == NULL)
    table = old;
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  free (table);
  return 0;
}
