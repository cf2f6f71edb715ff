// A flag handed over with a condition variable waited on in a while loop; the
// waiter reads the payload after the wait, but the notifier writes it after it has
// set the flag, unlocked. (Written before the flag, even unlocked, it would not race:
// the waiter passes its loop only once the flag is set, and the mutex orders the two.)
// expect: payload RACE
// expect: ready race-free
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
  ready = 1;
  pthread_cond_signal (&cv);
  pthread_mutex_unlock (&m);
  payload = 7;
  return NULL;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, waiter, NULL);
  pthread_create (&b, NULL, notifier, NULL);
  return 0;
}
