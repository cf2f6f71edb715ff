// A mutex made recursive by its attribute (pthread_mutexattr_settype): as for
// PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP, it gives no exclusion in the model, so the
// update after the nested lock and unlock is found racing.
// expect: updates RACE
// expect-stderr: warning: mutex 'm' gives no mutual exclusion in the model: initialised at tests/c-programs/mutex_recursive_attr.c:33:3 with an attribute that may make it recursive or error-checking, so that its owner may lock it again without blocking
// fixed-twin: mutex_recursive_fixed.c
#include <pthread.h>

static int updates;
static pthread_mutex_t m;

static void helper (void)
{
  pthread_mutex_lock (&m);
  pthread_mutex_unlock (&m);
}

static void *worker (void *arg)
{
  pthread_mutex_lock (&m);
  helper ();
  pthread_mutex_unlock (&m);
  updates++;
  return arg;
}

int main (void)
{
  pthread_mutexattr_t a;
  pthread_t t1, t2;
  pthread_mutexattr_init (&a);
  pthread_mutexattr_settype (&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init (&m, &a);
  pthread_create (&t1, NULL, worker, NULL);
  pthread_create (&t2, NULL, worker, NULL);
  return 0;
}
