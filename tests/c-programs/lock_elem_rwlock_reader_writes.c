// Racy twin of lock_elem_rwlock.c: a lookup counts itself in the entry while it holds the
// entry's rwlock only for reading, so two lookups write it at once.
// expect: table.slot[].value race-free
// expect: table.slot[].version RACE
// expect-race-at: table.slot[].version 28 28
// fixed-twin: lock_elem_rwlock.c
#include <pthread.h>
#include <stdint.h>

#define NSLOTS 32

struct slot {
  pthread_rwlock_t rw;
  long value;
  unsigned version;
};

struct table {
  struct slot slot[NSLOTS];
};

static struct table table;

static long
lookup (struct table *tab, int i)
{
  pthread_rwlock_rdlock (&tab->slot[i].rw);
  long v = tab->slot[i].version++ ? tab->slot[i].value : -1;
  pthread_rwlock_unlock (&tab->slot[i].rw);
  return v;
}

static void
store (struct table *tab, int i, long v)
{
  pthread_rwlock_wrlock (&tab->slot[i].rw);
  tab->slot[i].value = v;
  tab->slot[i].version++;
  pthread_rwlock_unlock (&tab->slot[i].rw);
}

static void *
reader (void *arg)
{
  struct table *tab = arg;
  long sum = 0;
  for (int k = 0; k < 1000; k++)
    sum += lookup (tab, (k * 7) % NSLOTS);
  return (void *) (intptr_t) sum;
}

static void *
writer (void *arg)
{
  struct table *tab = arg;
  for (int k = 0; k < 1000; k++)
    store (tab, (k * 11) % NSLOTS, k);
  return NULL;
}

int
main (void)
{
  for (int i = 0; i < NSLOTS; i++)
    pthread_rwlock_init (&table.slot[i].rw, NULL);
  pthread_t r[2], w[2];
  for (int i = 0; i < 2; i++)
    {
      pthread_create (&r[i], NULL, reader, &table);
      pthread_create (&w[i], NULL, writer, &table);
    }
  for (int i = 0; i < 2; i++)
    {
      pthread_join (r[i], NULL);
      pthread_join (w[i], NULL);
    }
  return 0;
}
