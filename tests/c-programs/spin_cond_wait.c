// spin_cond_wait.c: the consumer takes the spinlock `ring_spin` and then waits on a
// condition variable (with its own mutex) for the producer, holding the spinlock while
// it sleeps; the producer spins on the same spinlock before it can signal.
// expect: ring race-free
// expect: ready race-free
// expect-deadlock: block holding ring_spin: BLOCKS HOLDING SPINLOCK
// fixed-twin: spin_cond_wait_fixed.c
// mutants: none: ring's sections are ordered by the ready flag anyway; the test is about blocking under the spinlock
#include <pthread.h>
#include <stddef.h>

static pthread_spinlock_t ring_spin;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;
static int ready;
static int ring;

static void *
producer (void *arg)
{
  (void) arg;
  pthread_spin_lock (&ring_spin);
  ring = 3;
  pthread_spin_unlock (&ring_spin);
  pthread_mutex_lock (&m);
  ready = 1;
  pthread_cond_signal (&nonempty);
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
consumer (void *arg)
{
  int v;
  (void) arg;
  pthread_spin_lock (&ring_spin);
  pthread_mutex_lock (&m);
  while (!ready)
    pthread_cond_wait (&nonempty, &m);
  pthread_mutex_unlock (&m);
  v = ring;
  pthread_spin_unlock (&ring_spin);
  return (void *) (long) v;
}

int
main (void)
{
  pthread_t p, c;
  pthread_spin_init (&ring_spin, PTHREAD_PROCESS_PRIVATE);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_create (&p, NULL, producer, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  return 0;
}
