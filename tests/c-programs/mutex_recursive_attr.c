// A mutex made recursive by its attribute (pthread_mutexattr_settype): as for
// PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP, the nested lock and unlock count holds, and
// the update after them is found racing.
// expect: updates RACE
// expect-stderr: warning: mutex 'm' is locked again by its holder: taken as a recursive mutex
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
