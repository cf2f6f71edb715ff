// C11 threads: thrd_create is a function without a body to racefree, which is given
// the start routine; the start routine is then run by any number of threads at any
// time (as glibc's thrd_create runs it in a new thread), so the unlocked counter races.
// expect: counter RACE
// expect: local@main:t1 race-free
// expect: local@main:t2 race-free
// expect-stderr: warning: 'worker' is passed to code without a body, which may call it: assumed called by any number of threads at any time
// fixed-twin: callback_c11_threads_fixed.c
#include <threads.h>

static int counter;

static int worker (void *arg)
{
  (void) arg;
  counter++;
  return 0;
}

int main (void)
{
  thrd_t t1, t2;
  thrd_create (&t1, worker, NULL);
  thrd_create (&t2, worker, NULL);
  return 0;
}
