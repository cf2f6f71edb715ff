// A flag handed over with a condition variable waited on in a while loop; the
// payload is written and read under the mutex.
// expect: payload race-free
// expect: ready race-free
// mutant-skip: 19 the read of payload moved past the unlock is still race-free: the notifier wrote payload before it set ready, and never writes it again
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int ready;
int payload;

static void *waiter (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  while (!ready)
    pthread_cond_wait (&cv, &m);
  int v = payload;
  pthread_mutex_unlock (&m);
  return (void *) (long) v;
}

static void *notifier (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  payload = 7;
  ready = 1;
  pthread_cond_signal (&cv);
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, waiter, NULL);
  pthread_create (&b, NULL, notifier, NULL);
  return 0;
}
