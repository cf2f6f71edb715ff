// A local published to the other threads by an atomic store (its address is the
// value stored): the local escapes, and the worker's update through the published
// pointer races with main's.
// expect: local@main:c.n RACE
// expect: gp race-free
#include <pthread.h>
#include <stddef.h>

struct counter { int n; };
struct counter *gp;

static void *worker (void *arg)
{
  (void) arg;
  struct counter *p = __atomic_load_n (&gp, __ATOMIC_ACQUIRE);
  if (p)
    p->n++;
  return NULL;
}

int main (void)
{
  pthread_t t;
  struct counter c = { 0 };
  pthread_create (&t, NULL, worker, NULL);
  __atomic_store_n (&gp, &c, __ATOMIC_RELEASE);
  c.n++;
  pthread_join (t, NULL);
  return c.n;
}
