// spin_mutex_inside_fixed.c: on a miss the fast path releases the spinlock, reads the
// slow store under its mutex, then takes the spinlock again to fill the cache. Spinlocks
// nest inside mutexes, never the other way round; a trylock of the mutex under the
// spinlock never blocks.
// expect: cache race-free
// expect: db race-free
// racy-twin: spin_mutex_inside.c
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
  if (v < 0 && pthread_mutex_trylock (&db_lock) == 0)
    {
      v = cache = db;
      pthread_mutex_unlock (&db_lock);
    }
  pthread_spin_unlock (&cache_spin);
  if (v < 0)
    {
      pthread_mutex_lock (&db_lock);
      v = db;
      pthread_mutex_unlock (&db_lock);
      pthread_spin_lock (&cache_spin);
      cache = v;
      pthread_spin_unlock (&cache_spin);
    }
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
