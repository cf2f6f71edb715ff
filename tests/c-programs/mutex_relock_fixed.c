// A recursive mutex (PTHREAD_MUTEX_RECURSIVE) locked again by a helper while its
// holder has it: the relock does not block, and every access is under the mutex.
// expect: balance race-free
// expect: audit race-free
// expect-stderr: warning: mutex 'm' is locked again by its holder: taken as a recursive mutex
// racy-twin: mutex_relock.c
// mutant-skip: 17 record is only called with m held: its lock is a recursive relock
#include <pthread.h>

int balance;
int audit;
pthread_mutex_t m;

static void
record (int v)
{
  pthread_mutex_lock (&m);
  audit += v;
  pthread_mutex_unlock (&m);
}

static void *
deposit (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  record (1);
  balance += 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_mutexattr_t a;
  pthread_t t1, t2;
  pthread_mutexattr_init (&a);
  pthread_mutexattr_settype (&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init (&m, &a);
  pthread_create (&t1, NULL, deposit, NULL);
  pthread_create (&t2, NULL, deposit, NULL);
  return 0;
}
