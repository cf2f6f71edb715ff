// A local published to the other threads by an atomic store (its address is the
// value stored): the local escapes; main only touches it again after joining the
// worker, which updates it through the published pointer.
// expect: local@main:c.n race-free
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
  __atomic_store_n (&gp, &c, __ATOMIC_RELEASE);
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  c.n++;
  return c.n;
}
