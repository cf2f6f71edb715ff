// expect: counter RACE
// race-lines: counter 22 31
// idiom: v
// twin: s30_atomic_inc.c
// Same as s30_atomic_inc.c, but each worker stops early when a plain (non-atomic) read of counter
// is already large; that read races with the atomic increments of the other threads.
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
  for (i = 0; i < k; i++) {
    if (counter >= 2 * N)
      break;
    __VERIFIER_atomic_inc();
  }
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
