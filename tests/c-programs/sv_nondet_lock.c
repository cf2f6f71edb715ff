// SV-COMP style: a nondeterministic `use_lock` chosen once per thread decides both the
// lock and the unlock, and the shared variable is only touched when it is set. The
// local never changes, so the three tests take the same way in every run.
// expect: g race-free
// racy-twin: sv_nondet_lock_always.c
#include <pthread.h>

extern int __VERIFIER_nondet_int (void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;

void *
worker (void *arg)
{
  int use_lock = __VERIFIER_nondet_int ();
  if (use_lock)
    pthread_mutex_lock (&m);
  if (use_lock)
    g = g + 1;
  if (use_lock)
    pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, worker, 0);
  pthread_create (&b, 0, worker, 0);
  pthread_join (a, 0);
  pthread_join (b, 0);
  return g;
}
