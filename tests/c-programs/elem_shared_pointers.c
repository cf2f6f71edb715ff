// Each worker is given its own element of an array of jobs; every job holds pointers to
// memory all of them share: a read-only table, a total and the mutex that guards it.
// A pointer read from another job than the representative is still resolved by its
// points-to set: the one mutex (so the total is guarded), the table (only read).
// racy-twin: elem_shared_pointers_two_locks.c
// expect: local@main:jobs[].table race-free
// expect: local@main:jobs[].total race-free
// expect: local@main:jobs[].lock race-free
// expect: local@main:jobs[].id race-free
// expect: total race-free
// expect: heap@elem_shared_pointers.c:48 race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NJOBS 4
#define TABLE 256

struct job
{
  const unsigned char *table;
  long *total;
  pthread_mutex_t *lock;
  int id;
};

static long total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
work (void *arg)
{
  struct job *j = arg;
  long s = 0;
  for (int k = j->id; k < TABLE; k += NJOBS)
    s += j->table[k];
  pthread_mutex_lock (j->lock);
  *j->total += s;
  pthread_mutex_unlock (j->lock);
  return NULL;
}

int
main (void)
{
  pthread_t t[NJOBS];
  struct job jobs[NJOBS];
  unsigned char *table = malloc (TABLE);
  if (table == NULL)
    return 1;
  for (int k = 0; k < TABLE; k++)
    table[k] = (unsigned char) (k * 7);
  for (int i = 0; i < NJOBS; i++)
    {
      jobs[i].table = table;
      jobs[i].total = &total;
      jobs[i].lock = &total_lock;
      jobs[i].id = i;
      pthread_create (&t[i], NULL, work, &jobs[i]);
    }
  for (int i = 0; i < NJOBS; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", total);
  free (table);
  return 0;
}
