// spin_mutex_inside.c: the cache's fast path holds the spinlock `cache_spin` and, on a
// miss, locks the mutex `db_lock` of the slow store inside it: a thread may block on the
// mutex while it holds the spinlock.
// expect: cache race-free
// expect: db race-free
// expect-deadlock: block holding cache_spin: BLOCKS HOLDING SPINLOCK
// fixed-twin: spin_mutex_inside_fixed.c
// mutants: none: one reader thread alone uses the cache; the test is about blocking under the spinlock
#include <pthread.h>
#include <stddef.h>

static pthread_spinlock_t cache_spin;
static pthread_mutex_t db_lock = PTHREAD_MUTEX_INITIALIZER;
static int cache = -1;
static int db = 5;

static int
lookup (void)
{
  int v;
  pthread_spin_lock (&cache_spin);
  v = cache;
  if (v < 0)
    {
      pthread_mutex_lock (&db_lock);
      v = cache = db;
      pthread_mutex_unlock (&db_lock);
    }
  pthread_spin_unlock (&cache_spin);
  return v;
}

static void *
reader (void *arg)
{
  (void) arg;
  return (void *) (long) lookup ();
}

static void *
writer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&db_lock);
  db++;
  pthread_mutex_unlock (&db_lock);
  return NULL;
}

int
main (void)
{
  pthread_t r, w;
  pthread_spin_init (&cache_spin, PTHREAD_PROCESS_PRIVATE);
  pthread_create (&r, NULL, reader, NULL);
  pthread_create (&w, NULL, writer, NULL);
  pthread_join (r, NULL);
  pthread_join (w, NULL);
  return 0;
}
