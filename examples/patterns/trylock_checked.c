// Pattern: trylock, result checked — a worker updates the shared cache only when
// pthread_mutex_trylock succeeded, and otherwise counts a miss in its own local variable.
// expect: cache_hits race-free
// why: the update runs only on the branch where trylock returned 0, i.e. with cache_lock
//   held; the other branch does not touch shared memory.
// racy-twin: trylock_ignored.c
#include <pthread.h>
#include <stdio.h>

static long cache_hits;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  (void) arg;
  long missed = 0;
  for (int i = 0; i < 1000; i++)
    {
      if (pthread_mutex_trylock (&cache_lock) == 0)
        {
          cache_hits++;
          pthread_mutex_unlock (&cache_lock);
        }
      else
        missed++;
    }
  printf ("missed the lock %ld times\n", missed);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
}
