// An rwlock write-locked by name but unlocked through a pointer that may denote either
// of two rwlocks. Leaving the unlock out would keep `a` write-locked for ever in the
// model and hide what the reader does, so racefree takes `a` (and `b`) to give no
// exclusion (warning). Here that matters: with held == &a, the locker unlocks `a` and
// writes `data` while the reader holds `a` for reading and reads it. A write lock
// through a pointer that may denote several rwlocks excludes nothing either (with
// pick == &d, `other` is written under c and under d at once).
// expect: data RACE
// expect: other RACE
// expect: held race-free
// expect: pick race-free
// expect-stderr: warning: rwlock 'a' gives no mutual exclusion in the model
// expect-stderr: warning: lock 'pick' may denote several rwlocks: no mutual exclusion assumed
// expect-stderr: warning: rwlock 'c' gives no mutual exclusion in the model
#include <pthread.h>

int data, other;
pthread_rwlock_t a = PTHREAD_RWLOCK_INITIALIZER, b = PTHREAD_RWLOCK_INITIALIZER;
pthread_rwlock_t c = PTHREAD_RWLOCK_INITIALIZER, d = PTHREAD_RWLOCK_INITIALIZER;
pthread_rwlock_t *held, *pick;

static void *locker (void *arg)
{
  (void) arg;
  pthread_rwlock_wrlock (&a);
  pthread_rwlock_unlock (held);
  data = 1;
  pthread_rwlock_wrlock (&c);
  other = 1;
  pthread_rwlock_unlock (&c);
  return NULL;
}

static void *reader (void *arg)
{
  (void) arg;
  pthread_rwlock_rdlock (&a);
  int v = data;
  pthread_rwlock_unlock (&a);
  pthread_rwlock_wrlock (pick);
  other = 2;
  pthread_rwlock_unlock (pick);
  return (void *) (long) v;
}

int main (int argc, char **argv)
{
  pthread_t t;
  (void) argv;
  held = argc > 1 ? &a : &b;
  pick = argc > 2 ? &c : &d;
  pthread_create (&t, NULL, locker, NULL);
  pthread_create (&t, NULL, reader, NULL);
  return 0;
}
