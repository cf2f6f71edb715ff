// SV-COMP style: threads call __VERIFIER_atomic_inc (), which runs atomically by its
// name (the convention of the race benchmarks), a nondeterministic number of times
// bounded with __VERIFIER_assume; main reads the counter after joining them, and
// reach_error () ends the thread on the error path.
// expect: counter race-free
// racy-twin: sv_atomic_fn_peek.c
#include <pthread.h>

extern void abort (void);
void reach_error (void) {}
extern int __VERIFIER_nondet_int (void);
void __VERIFIER_assume (int cond);

int counter = 0;

void
__VERIFIER_atomic_inc (void)
{
  counter = counter + 1;
}

void *
worker (void *arg)
{
  int k = __VERIFIER_nondet_int ();
  __VERIFIER_assume (k >= 0 && k <= 3);
  for (int i = 0; i < k; i++)
    __VERIFIER_atomic_inc ();
  return arg;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, 0, worker, 0);
  pthread_create (&t2, 0, worker, 0);
  pthread_join (t1, 0);
  pthread_join (t2, 0);
  if (counter > 6)
    {
      reach_error ();
      abort ();
    }
  return 0;
}
