// A recursive mutex (PTHREAD_MUTEX_RECURSIVE) locked again by a helper while its
// holder has it: the relock does not block; the write after the section races.
// expect: balance RACE
// expect: audit race-free
// expect-stderr: warning: mutex 'm' is locked again by its holder: taken as a recursive mutex
// fixed-twin: mutex_relock_fixed.c
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
  pthread_mutex_unlock (&m);
  balance += 1;
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
