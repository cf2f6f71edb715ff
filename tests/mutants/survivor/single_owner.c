// Mutant fixture for the self-test (tests/mutants/selftest.py): a mutant that survives.
// expect: total race-free
// expect: produced race-free
// One producer thread owns produced, so moving its update out of the section leaves
// the program race-free: the mutant survives, and tools/mutate must fail on it.
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int total;
static int produced;

static void *producer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  total++;
  produced++;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *consumer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  total--;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t p, c;
  pthread_create (&p, NULL, producer, NULL);
  for (;;)
    pthread_create (&c, NULL, consumer, NULL);
}
