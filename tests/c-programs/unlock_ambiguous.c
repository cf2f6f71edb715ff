// A mutex locked by name but unlocked through a pointer that may denote either of two
// mutexes. Leaving the unlock out would keep `a` held for ever in the model and hide
// what the reader does after locking it, so racefree takes `a` (and `b`) to give no
// exclusion (warning). Here that matters: with held == &a, the locker unlocks `a` and
// writes `data` while the reader holds `a` and reads it.
// expect: data RACE
// expect: held race-free
// expect-stderr: warning: mutex 'a' gives no mutual exclusion in the model
#include <pthread.h>

int data;
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t *held;

static void *locker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&a);
  pthread_mutex_unlock (held);
  data = 1;
  return NULL;
}

static void *reader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&a);
  int v = data;
  pthread_mutex_unlock (&a);
  return (void *) (long) v;
}

int main (int argc, char **argv)
{
  pthread_t t;
  (void) argv;
  held = argc > 1 ? &a : &b;
  pthread_create (&t, NULL, locker, NULL);
  pthread_create (&t, NULL, reader, NULL);
  return 0;
}
