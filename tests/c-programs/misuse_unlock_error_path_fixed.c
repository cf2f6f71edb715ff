// misuse_unlock_error_path_fixed.c: store() checks its argument before it locks the table, and its
// error path returns at once; only the path that locked table_lock reaches the unlock, so no
// thread ever unlocks a mutex it does not hold.
// expect: table_entries race-free
// expect: table_bytes race-free
// racy-twin: misuse_unlock_error_path.c
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t table_bytes;   /* guarded by table_lock */
static int table_entries;    /* guarded by table_lock */

static int
store (const char *name)
{
  int rc = -1;
  if (name == NULL)
    return rc;
  pthread_mutex_lock (&table_lock);
  table_bytes += strlen (name);
  table_entries++;
  rc = 0;
  pthread_mutex_unlock (&table_lock);
  return rc;
}

static void *
worker (void *arg)
{
  for (int i = 0; i < 100; i++)
    store (i % 7 ? (const char *) arg : NULL);
  return NULL;
}

int
main (void)
{
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, "entry");
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return table_entries > 0 ? 0 : 1;
}
