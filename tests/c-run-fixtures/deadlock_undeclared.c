// Pattern: fixture, undeclared deadlock — every lock-order line racefree prints needs an expect line.
// expect: moves race-free
// why: see the runner-must-say line.
// runner-must-say: lock order a -> b -> a: racefree reports it (DEADLOCK) but the header has no expect-deadlock line
#include <pthread.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static long moves;

static void *forward (void *arg)
{
  pthread_mutex_lock (&a);
  pthread_mutex_lock (&b);
  moves++;
  pthread_mutex_unlock (&b);
  pthread_mutex_unlock (&a);
  return arg;
}

static void *backward (void *arg)
{
  pthread_mutex_lock (&b);
  pthread_mutex_lock (&a);
  moves--;
  pthread_mutex_unlock (&a);
  pthread_mutex_unlock (&b);
  return arg;
}

int main (void)
{
  pthread_t t, u;
  pthread_create (&t, NULL, forward, NULL);
  pthread_create (&u, NULL, backward, NULL);
  pthread_join (t, NULL);
  pthread_join (u, NULL);
  return 0;
}
