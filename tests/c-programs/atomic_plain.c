// An _Atomic counter incremented atomically by workers but written plainly by
// another thread through a non-atomic alias... here: the plain write is to a
// separate non-atomic flag read atomically with __atomic_load_n.
// expect: hits race-free
// expect: ready RACE
#include <pthread.h>
#include <stdatomic.h>

atomic_int hits;
int ready;

static void *worker (void *arg)
{
  (void) arg;
  atomic_fetch_add (&hits, 1);
  hits++;
  return (void *) (long) __atomic_load_n (&ready, __ATOMIC_ACQUIRE);
}

static void *setter (void *arg)
{
  (void) arg;
  ready = 1;
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (int i = 0; i < 4; i++)
    pthread_create (&t, NULL, i ? worker : setter, NULL);
  return 0;
}
