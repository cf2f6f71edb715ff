// Every access to the shared counters is atomic: C11 functions, _Atomic operators,
// and GCC __atomic/__sync builtins never race with each other.
// expect: hits race-free
// expect: ready race-free
#include <pthread.h>
#include <stdatomic.h>

atomic_int hits;
int ready;

static void *worker (void *arg)
{
  (void) arg;
  atomic_fetch_add (&hits, 1);
  hits++;
  int h = atomic_load (&hits);
  (void) h;
  __sync_fetch_and_add (&ready, 0);
  return (void *) (long) __atomic_load_n (&ready, __ATOMIC_ACQUIRE);
}

static void *setter (void *arg)
{
  (void) arg;
  __atomic_store_n (&ready, 1, __ATOMIC_RELEASE);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (int i = 0; i < 4; i++)
    pthread_create (&t, NULL, i ? worker : setter, NULL);
  return 0;
}
