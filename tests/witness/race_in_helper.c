// A race inside a called function: both threads call bump (), which updates the
// shared total outside the lock that guards the count of calls.
// expect: total RACE
// expect: calls race-free
#include <pthread.h>

int total, calls;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void
bump (int by)
{
  pthread_mutex_lock (&m);
  calls++;
  pthread_mutex_unlock (&m);
  total += by;
}

static void *
adder (void *arg)
{
  bump ((int) (long) arg);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, adder, (void *) 1L);
  pthread_create (&b, NULL, adder, (void *) 2L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return total;
}
