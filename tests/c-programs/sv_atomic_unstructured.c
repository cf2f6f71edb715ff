// SV-COMP style, but an atomic section is left by a return on one path and closed
// later on the other: the sections are not structured, so racefree cannot match each
// end to its begin; it says so (a warning) and takes the sections to give no
// exclusion, so it reports a race on the counter that the sections really prevent:
// a false alarm, but a sound answer.
// expect: counter race-free
// known-gap: counter RACE: the atomic sections are not structured, so they give no exclusion
// expect-stderr: the atomic sections of this program are not structured
#include <pthread.h>

extern void __VERIFIER_atomic_begin (void);
extern void __VERIFIER_atomic_end (void);
extern int __VERIFIER_nondet_int (void);

int counter;

void *
worker (void *arg)
{
  __VERIFIER_atomic_begin ();
  if (__VERIFIER_nondet_int ())
    {
      __VERIFIER_atomic_end ();
      return arg;
    }
  counter++;
  __VERIFIER_atomic_end ();
  return arg;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, 0, worker, 0);
  pthread_create (&b, 0, worker, 0);
  return 0;
}
