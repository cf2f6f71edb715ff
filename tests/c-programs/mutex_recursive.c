// A recursive mutex: the helper locks it again while the worker holds it, which
// does not block. The model's lock blocks while the lock is held (a normal mutex),
// which would stop the worker at the helper and hide the unlocked update after it;
// so the nested lock and unlock count holds (warning) and the update is found racing.
// expect: updates RACE
// expect-stderr: warning: mutex 'm' is locked again by its holder: taken as a recursive mutex
// fixed-twin: mutex_recursive_fixed.c
#define _GNU_SOURCE
#include <pthread.h>

static int updates;

static pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

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
  pthread_t t1, t2;
  pthread_create (&t1, NULL, worker, NULL);
  pthread_create (&t2, NULL, worker, NULL);
  return 0;
}
