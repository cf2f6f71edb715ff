// SV-COMP style: a producer writes the data, then sets a flag inside a
// __VERIFIER_atomic_begin/__VERIFIER_atomic_end section; the consumer blocks on
// __VERIFIER_assume (ready == 1) inside its own section and reads the data after it.
// The sections exclude each other (one hidden mutex), and the flag's value is
// followed, so the consumer reads only after the producer's write.
// expect: ready race-free
// expect: data race-free
// racy-twin: sv_atomic_section_early.c
#include <pthread.h>

extern void __VERIFIER_atomic_begin (void);
extern void __VERIFIER_atomic_end (void);
void __VERIFIER_assume (int cond);

int data = 0;
int ready = 0;

void *
producer (void *arg)
{
  data = 42;
  __VERIFIER_atomic_begin ();
  ready = 1;
  __VERIFIER_atomic_end ();
  return arg;
}

void *
consumer (void *arg)
{
  __VERIFIER_atomic_begin ();
  __VERIFIER_assume (ready == 1);
  __VERIFIER_atomic_end ();
  return (void *) (long) data;
}

int
main (void)
{
  pthread_t p, c;
  pthread_create (&c, 0, consumer, 0);
  pthread_create (&p, 0, producer, 0);
  return 0;
}
