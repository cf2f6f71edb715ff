// As child_index.c, but each worker reads its slot before it joins its child, which
// may be writing it.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: grand_total race-free
// expect: results[] RACE
// expect-race-at: results[] 37 26
// fixed-twin: child_index.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_WORKERS 64

static long results[MAX_WORKERS];
static long grand_total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
child (void *arg)
{
  long id = (long) arg;
  long s = 0;
  for (long k = 0; k < 1000; k++)
    s += k % (id + 2);
  results[id] = s;
  return NULL;
}

static void *
worker (void *arg)
{
  long id = (long) arg;
  pthread_t c;
  if (pthread_create (&c, NULL, child, arg) != 0)
    return NULL;
  long mine = id * 7 + results[id];   /* before the child is joined */
  pthread_join (c, NULL);
  pthread_mutex_lock (&total_lock);
  grand_total += mine;
  pthread_mutex_unlock (&total_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  pthread_t tids[MAX_WORKERS];
  if (n < 1 || n > MAX_WORKERS)
    return 1;
  for (int i = 0; i < n; i++)
    pthread_create (&tids[i], NULL, worker, (void *) (long) i);
  for (int i = 0; i < n; i++)
    pthread_join (tids[i], NULL);
  printf ("%ld\n", grand_total);
  return 0;
}
