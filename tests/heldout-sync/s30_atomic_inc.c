// expect: counter race-free
// idiom: v
// twin: s31_atomic_inc_racy.c
// SV-COMP style: three threads each call __VERIFIER_atomic_inc() a nondeterministic number of times;
// the increment runs atomically by the naming convention, and main reads counter only after joining.
#include <pthread.h>

extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
void __VERIFIER_assume(int cond);

#define N 3

int counter = 0;

void __VERIFIER_atomic_inc(void)
{
  counter = counter + 1;
}

void *worker(void *arg)
{
  int k = __VERIFIER_nondet_int();
  int i;
  __VERIFIER_assume(k >= 0 && k <= 4);
  for (i = 0; i < k; i++)
    __VERIFIER_atomic_inc();
  return 0;
}

int main(void)
{
  pthread_t t[N];
  int i;
  for (i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (i = 0; i < N; i++)
    pthread_join(t[i], 0);
  if (counter < 0 || counter > 4 * N) {
    ERROR: {reach_error(); abort();}
  }
  return 0;
}
