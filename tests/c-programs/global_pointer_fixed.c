// main stores a pointer to one counter in a global; the workers load it and lock the
// counter's own mutex through it (one mutex: the global's points-to set holds one
// object), and the reporter does the same. By type alone, the pointer could denote
// either counter and the lock would give no exclusion.
// expect: hits.n race-free
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
  struct counter *c = current;
  pthread_mutex_lock (&c->m);
  long n = c->n;
  pthread_mutex_unlock (&c->m);
  return (void *) n;
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
