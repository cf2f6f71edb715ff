// qsort calls its comparator: the comparator reads a weight table; the thread
// updates it under the lock the sorter holds.
// expect: weight[] race-free
// expect: order[] race-free
// expect-stderr: 'qsort' may call 'by_weight': assumed to call it any number of times before it returns
// mutant-skip: 35 the race is in by_weight, which qsort calls back (mutate does not follow that)
#include <pthread.h>
#include <stdlib.h>

int weight[8];
int order[8];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static int
by_weight (const void *a, const void *b)
{
  return weight[*(const int *) a] - weight[*(const int *) b];
}

static void *
updater (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  weight[3] = 10;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, updater, NULL);
  pthread_mutex_lock (&m);
  qsort (order, 8, sizeof order[0], by_weight);
  pthread_mutex_unlock (&m);
  return 0;
}
