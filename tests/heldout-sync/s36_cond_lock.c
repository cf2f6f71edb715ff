// expect: g race-free
// idiom: v
// twin: s37_cond_lock_racy.c
// goblint style: each worker picks a nondeterministic use_lock, locks m only if use_lock, touches g
// only if use_lock, and unlocks only if use_lock; main reads g under m while the workers run.
#include <pthread.h>

extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
void __VERIFIER_assume(int cond);

int g = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg)
{
  int use_lock = __VERIFIER_nondet_int();
  int local = 0;
  if (use_lock)
    pthread_mutex_lock(&m);
  if (use_lock)
    g = g + 1;
  else
    local = local + 1;
  if (use_lock)
    pthread_mutex_unlock(&m);
  return 0;
}

int main(void)
{
  pthread_t t1, t2;
  int seen;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_mutex_lock(&m);
  seen = g;
  pthread_mutex_unlock(&m);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  if (seen > 2) {
    ERROR: {reach_error(); abort();}
  }
  return 0;
}
