// expect: data RACE
// expect: ready race-free
// race-lines: data 25 35
// idiom: v
// twin: s34_assume_flag.c
// Same as s34_assume_flag.c, but the producer sets ready before it writes data, so the consumer's
// read of data (after its assume) races with the producer's write.
#include <pthread.h>

extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
void __VERIFIER_assume(int cond);

int data = 0;
int ready = 0;

void *producer(void *arg)
{
  __VERIFIER_atomic_begin();
  ready = 1;
  __VERIFIER_atomic_end();
  data = 42;
  return 0;
}

void *consumer(void *arg)
{
  int v;
  __VERIFIER_atomic_begin();
  __VERIFIER_assume(ready == 1);
  __VERIFIER_atomic_end();
  v = data;
  if (v != 42) {
    ERROR: {reach_error(); abort();}
  }
  return 0;
}

int main(void)
{
  pthread_t p, c;
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  return 0;
}
