// The fixed twin of mutex_recursive.c, mutex_recursive_attr.c and
// mutex_recursive_local.c: normal mutexes (an attribute setting PTHREAD_MUTEX_NORMAL
// keeps `n` one), a helper that expects the caller to hold the lock instead of
// locking it again, and the update inside the critical section.
// expect: updates race-free
// racy-twin: mutex_recursive.c mutex_recursive_attr.c mutex_recursive_local.c
#include <pthread.h>

static int updates;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t n;

static void helper_locked (void)
{
  updates++;
}

static void *worker (void *arg)
{
  pthread_mutex_lock (&m);
  helper_locked ();
  pthread_mutex_unlock (&m);
  pthread_mutex_lock (&n);
  pthread_mutex_unlock (&n);
  return arg;
}

int main (void)
{
  pthread_mutexattr_t a;
  pthread_t t1, t2;
  pthread_mutexattr_init (&a);
  pthread_mutexattr_settype (&a, PTHREAD_MUTEX_NORMAL);
  pthread_mutex_init (&n, &a);
  pthread_create (&t1, NULL, worker, NULL);
  pthread_create (&t2, NULL, worker, NULL);
  return 0;
}
