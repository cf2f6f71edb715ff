// misuse_unlock_error_path.c: store() checks its argument before it locks the table, but its
// error path jumps to the common exit, which unlocks table_lock: a worker given a NULL name
// unlocks a mutex it never locked (undefined behaviour; glibc may release another thread's
// lock).
// expect: table_entries RACE
// expect: table_bytes RACE
// expect-deadlock: unlock table_lock: NOT HELD
// fixed-twin: misuse_unlock_error_path_fixed.c
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
    goto out;
  pthread_mutex_lock (&table_lock);
  table_bytes += strlen (name);
  table_entries++;
  rc = 0;
out:
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
