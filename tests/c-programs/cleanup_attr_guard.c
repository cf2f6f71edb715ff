// Scoped lock guards with __attribute__ ((cleanup)), as GLib's g_autoptr and systemd's
// _cleanup_ spell them: LOCKED (m) declares a guard that takes the mutex and whose
// cleanup releases it when the guard leaves its scope. The workers leave guarded scopes
// at the end of a block, by an early return, by a break out of a loop and by a
// continue, and declare them in a for loop's head and in a statement expression;
// every path releases the mutex, and the counters are only touched in a
// guarded scope.
// expect: hits race-free
// expect: misses race-free
// expect: rounds race-free
// racy-twin: cleanup_attr_scope.c
#include <pthread.h>
#include <stdint.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long hits, misses, rounds;

static pthread_mutex_t *
lock_it (pthread_mutex_t *mu)
{
  pthread_mutex_lock (mu);
  return mu;
}

static void
unlock_guard (pthread_mutex_t **g)
{
  pthread_mutex_unlock (*g);
}

#define LOCKED(mu) __attribute__ ((cleanup (unlock_guard))) pthread_mutex_t *guard_ = lock_it (mu)

static int
lookup (uintptr_t key)
{
  LOCKED (&m);
  if (key % 3 == 0)
    {
      misses++;
      return 0;   /* early return: the guard releases m */
    }
  hits++;
  return 1;
}

/* a guard declared in a for loop's head (its scope: the loop), and one in a statement
 * expression (released after the value is read) */
static long
snapshot (void)
{
  long s = 0;
  for (LOCKED (&m); s < 2; s++)
    rounds++;
  return ({ LOCKED (&m); hits; });
}

static void *
worker (void *arg)
{
  uintptr_t base = (uintptr_t) arg;
  for (uintptr_t k = 0; k < 100; k++)
    {
      if (!lookup (base + k))
        continue;
      LOCKED (&m);
      rounds++;
      if (rounds > 1000)
        break;      /* leaves the loop body: the guard releases m */
      if (k % 2)
        continue;   /* likewise */
      hits++;
    }
  return (void *) snapshot ();
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, worker, (void *) 1);
  pthread_create (&t2, NULL, worker, (void *) 2);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return (int) (hits + misses + rounds) & 1;
}
