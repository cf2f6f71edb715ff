// main stores a pointer to one counter in a global; the workers load it and lock the
// counter's own mutex through it (one mutex: the global's points-to set holds one
// object). A reporter thread reads the count without the lock: a race.
// expect: hits.n RACE
// expect: misses.n race-free
// expect: current race-free
#include <pthread.h>
#include <stddef.h>

struct counter { pthread_mutex_t m; int n; };
struct counter hits = { PTHREAD_MUTEX_INITIALIZER, 0 };
struct counter misses = { PTHREAD_MUTEX_INITIALIZER, 0 };
struct counter *current;

static void bump (struct counter *c)
{
  pthread_mutex_lock (&c->m);
  c->n++;
  pthread_mutex_unlock (&c->m);
}

static void *worker (void *arg)
{
  (void) arg;
  bump (current);
  return NULL;
}

static void *reporter (void *arg)
{
  (void) arg;
  return (void *) (long) current->n;
}

int main (void)
{
  pthread_t t;
  struct counter *other = &misses;
  other->n = 0;
  current = &hits;
  for (int i = 0; i < 4; i++)
    pthread_create (&t, NULL, worker, NULL);
  pthread_create (&t, NULL, reporter, NULL);
  return 0;
}
