// A comparator handed to qsort, a library function without a body, runs inside
// qsort, in the thread that called it: two workers sorting at once run it at once,
// and its unlocked counter races. The comparator is the callback of code racefree
// cannot see: it is a job type of its own, run by any number of threads at any time.
// expect: compares RACE
// expect: local@worker:keys[] race-free
// known-gap: local@worker:keys[] RACE: each worker sorts its own array, but its address
//   reaches qsort, and one location stands for the arrays of every worker
// expect: external memory race-free
// expect-stderr: warning: 'by_value' is passed to code without a body, which may call it: assumed called by any number of threads at any time
// fixed-twin: callback_qsort_fixed.c
#include <pthread.h>
#include <stdlib.h>

static long compares;

static int by_value (const void *a, const void *b)
{
  compares++;
  return *(const int *) a - *(const int *) b;
}

static void *worker (void *arg)
{
  int keys[4] = { 3, 1, 4, 2 };
  qsort (keys, 4, sizeof keys[0], by_value);
  return arg;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return (int) compares;
}
