// As sv_nondet_lock.c, but the shared variable is updated whether or not the lock was
// taken.
// expect: g RACE
// expect-race-at: g 19 19
// fixed-twin: sv_nondet_lock.c
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
