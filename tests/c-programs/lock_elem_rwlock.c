// A table of entries, each with its own rwlock: readers take it for reading and read the
// entry, writers take it for writing and update it. The key is an index into an array
// member of a table object reached through a local pointer (tab->slot[i]).
// expect: table.slot[].value race-free
// expect: table.slot[].version race-free
// racy-twin: lock_elem_rwlock_reader_writes.c
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
  long v = tab->slot[i].version ? tab->slot[i].value : -1;
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
