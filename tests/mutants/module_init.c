// Mutant fixture: a module checked with --init and --entry; the init function's section
// runs before any client thread, the entries' sections do not.
// args: --init pool_init --entry pool_take --entry pool_give
// expect: pool.free_slots race-free
// expect: pool.takes race-free
#include <pthread.h>

struct pool { pthread_mutex_t lock; int free_slots; int takes; };
static struct pool pool;

static void reset (struct pool *p)
{
  pthread_mutex_lock (&p->lock);
  p->free_slots = 4;
  pthread_mutex_unlock (&p->lock);
}

void pool_init (void)
{
  pthread_mutex_init (&pool.lock, NULL);
  reset (&pool);
  pthread_mutex_lock (&pool.lock);
  pool.takes = 0;
  pthread_mutex_unlock (&pool.lock);
}

int pool_take (void)
{
  int ok = 0;
  pthread_mutex_lock (&pool.lock);
  if (pool.free_slots > 0)
    {
      pool.free_slots--;
      ok = 1;
    }
  pool.takes++;
  pthread_mutex_unlock (&pool.lock);
  return ok;
}

void pool_give (void)
{
  pthread_mutex_lock (&pool.lock);
  pool.free_slots++;
  pthread_mutex_unlock (&pool.lock);
}
