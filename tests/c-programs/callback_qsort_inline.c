// qsort calls its comparator: the comparator reads a weight table that a thread
// updates without the lock the sorter takes.
// expect: weight[] RACE
// expect: order[] race-free
// expect-stderr: 'qsort' may call 'by_weight': assumed to call it any number of times before it returns
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
  weight[3] = 10;
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
