// A scoped lock guard with __attribute__ ((cleanup)) whose scope ends too early: the
// guard's block covers x, but y is written after the block, once the cleanup has
// released the mutex, and races between the two workers.
// expect: x race-free
// expect: y RACE
// fixed-twin: cleanup_attr_guard.c
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x, y;

static void unlock_guard (pthread_mutex_t **p) { pthread_mutex_unlock (*p); }

static void *
worker (void *arg)
{
  (void) arg;
  {
    __attribute__ ((cleanup (unlock_guard))) pthread_mutex_t *guard = (pthread_mutex_lock (&m), &m);
    x++;
  }
  y++;
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, worker, NULL);
  pthread_create (&t2, NULL, worker, NULL);
  return 0;
}
