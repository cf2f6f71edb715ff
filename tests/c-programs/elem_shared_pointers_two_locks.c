// Like elem_shared_pointers.c, but the jobs get one of two mutexes by the parity of
// their index: two workers holding different mutexes add to the total at once.
// fixed-twin: elem_shared_pointers.c
// expect: local@main:jobs[].table race-free
// expect: local@main:jobs[].total race-free
// expect: local@main:jobs[].lock race-free
// expect: local@main:jobs[].id race-free
// expect: total RACE
// expect: heap@elem_shared_pointers_two_locks.c:48 race-free
// expect-race-at: total 38 38
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
static pthread_mutex_t other_lock = PTHREAD_MUTEX_INITIALIZER;

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
      jobs[i].lock = i % 2 ? &other_lock : &total_lock;
      jobs[i].id = i;
      pthread_create (&t[i], NULL, work, &jobs[i]);
    }
  for (int i = 0; i < NJOBS; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", total);
  free (table);
  return 0;
}
