// Pattern: trylock, result ignored — a worker calls pthread_mutex_trylock and updates the
// shared cache whatever it returned.
// expect: cache_hits RACE
// expect-deadlock: unlock cache_lock: NOT HELD
// why: when trylock fails (another worker holds the lock) the update still runs, at the same
//   time as the lock holder's update.
// fixed-twin: trylock_checked.c
#include <pthread.h>

static long cache_hits;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  (void) arg;
  for (int i = 0; i < 1000; i++)
    {
      pthread_mutex_trylock (&cache_lock);
      cache_hits++;
      pthread_mutex_unlock (&cache_lock);
    }
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
}
