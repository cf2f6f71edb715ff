// Pattern: fixture, unsound deadlock gap — a known gap may not excuse deadlock-free on a true deadlock.
// expect: moves race-free
// expect-deadlock: lock order a -> b -> a: DEADLOCK
// known-gap-deadlocks: deadlock-free: a soundness bug dressed as a known gap
// why: see the runner-must-say line.
// runner-must-say: known-gap-deadlocks would excuse deadlock-free on a true deadlock: a soundness bug is never a known gap
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
