// Pattern: readers/writers with a rwlock — lookups take the read lock, updates the write lock.
// expect: routes[] race-free
// expect: nroutes race-free
// why: pthread_rwlock_wrlock excludes every other holder, and readers only read: any two
//   threads inside the table either both hold the read lock (and both only read) or one of
//   them is not there.
// racy-twin: rwlock_wrong_mode.c
#include <pthread.h>
#include <unistd.h>

#define MAX 64

static int routes[MAX];
static int nroutes;
static pthread_rwlock_t table_lock = PTHREAD_RWLOCK_INITIALIZER;

static int lookup (int key)
{
  int found = -1;
  pthread_rwlock_rdlock (&table_lock);
  for (int i = 0; i < nroutes; i++)
    if (routes[i] == key)
      found = i;
  pthread_rwlock_unlock (&table_lock);
  return found;
}

static void add_route (int key)
{
  pthread_rwlock_wrlock (&table_lock);
  if (nroutes < MAX)
    routes[nroutes++] = key;
  pthread_rwlock_unlock (&table_lock);
}

static void *reader (void *arg)
{
  long key = (long) arg;
  for (;;)
    if (lookup ((int) key) < 0)
      usleep (1000);
  return NULL;
}

static void *writer (void *arg)
{
  (void) arg;
  for (int key = 0;; key++)
    {
      add_route (key);
      usleep (10000);
    }
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (long i = 0; i < 8; i++)
    pthread_create (&t, NULL, reader, (void *) i);
  for (int i = 0; i < 2; i++)
    pthread_create (&t, NULL, writer, NULL);
  pthread_join (t, NULL);
  return 0;
}
