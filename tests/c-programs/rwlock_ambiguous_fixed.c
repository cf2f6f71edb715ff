// The fixed twin of rwlock_ambiguous.c: every rwlock is named where it is locked and
// unlocked, the data written under the write lock, `other` under `c` in both threads.
// expect: data race-free
// expect: other race-free
// racy-twin: rwlock_ambiguous.c
#include <pthread.h>

int data, other;
pthread_rwlock_t a = PTHREAD_RWLOCK_INITIALIZER, b = PTHREAD_RWLOCK_INITIALIZER;
pthread_rwlock_t c = PTHREAD_RWLOCK_INITIALIZER, d = PTHREAD_RWLOCK_INITIALIZER;

static void *locker (void *arg)
{
  (void) arg;
  pthread_rwlock_wrlock (&a);
  data = 1;
  pthread_rwlock_unlock (&a);
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
  pthread_rwlock_wrlock (&c);
  other = 2;
  pthread_rwlock_unlock (&c);
  return (void *) (long) v;
}

int main (int argc, char **argv)
{
  pthread_t t;
  (void) argv;
  (void) argc;
  pthread_create (&t, NULL, locker, NULL);
  pthread_create (&t, NULL, reader, NULL);
  return 0;
}
