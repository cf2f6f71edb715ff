// qsort's comparator follows the pointers stored in the array it sorts: it reads
// the items' keys while a thread updates one of them without the lock.
// expect: a.key RACE
// expect: b.key race-free
// expect: items[] race-free
// expect-stderr: 'qsort' may call 'by_key': assumed to call it any number of times before it returns
#include <pthread.h>
#include <stdlib.h>

struct item
{
  int key;
};

struct item a, b;
struct item *items[2] = { &a, &b };
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static int
by_key (const void *x, const void *y)
{
  const struct item *p = *(struct item *const *) x, *q = *(struct item *const *) y;
  return p->key - q->key;
}

static void *
updater (void *arg)
{
  (void) arg;
  a.key = 3;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, updater, NULL);
  pthread_mutex_lock (&m);
  qsort (items, 2, sizeof items[0], by_key);
  pthread_mutex_unlock (&m);
  return 0;
}
