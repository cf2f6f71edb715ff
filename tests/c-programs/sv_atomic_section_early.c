// As sv_atomic_section.c, but the producer sets the flag before it writes the data.
// expect: ready race-free
// expect: data RACE
// expect-race-at: data 31 21
// fixed-twin: sv_atomic_section.c
#include <pthread.h>

extern void __VERIFIER_atomic_begin (void);
extern void __VERIFIER_atomic_end (void);
void __VERIFIER_assume (int cond);

int data = 0;
int ready = 0;

void *
producer (void *arg)
{
  __VERIFIER_atomic_begin ();
  ready = 1;
  __VERIFIER_atomic_end ();
  data = 42;
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
