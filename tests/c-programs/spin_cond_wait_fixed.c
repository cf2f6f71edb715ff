// spin_cond_wait_fixed.c: the consumer waits for the producer with the condition
// variable first, and takes the spinlock only to read the ring; nested spinlocks (the
// ring's inside the statistics one) spin and never block.
// expect: ring race-free
// expect: ready race-free
// expect: reads race-free
// racy-twin: spin_cond_wait.c
// mutants: none: ring's sections are ordered by the ready flag anyway, and reads has one writer; the test is about blocking under the spinlock
#include <pthread.h>
#include <stddef.h>

static pthread_spinlock_t ring_spin, stats_spin;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;
static int ready;
static int ring;
static int reads;

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
  pthread_mutex_lock (&m);
  while (!ready)
    pthread_cond_wait (&nonempty, &m);
  pthread_mutex_unlock (&m);
  pthread_spin_lock (&stats_spin);
  pthread_spin_lock (&ring_spin);
  v = ring;
  reads++;
  pthread_spin_unlock (&ring_spin);
  pthread_spin_unlock (&stats_spin);
  return (void *) (long) v;
}

int
main (void)
{
  pthread_t p, c;
  pthread_spin_init (&ring_spin, PTHREAD_PROCESS_PRIVATE);
  pthread_spin_init (&stats_spin, PTHREAD_PROCESS_PRIVATE);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_create (&p, NULL, producer, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  return 0;
}
