// A comparator handed to qsort, a library function without a body, runs inside
// qsort, in the thread that called it: two workers sorting at once run it at once,
// and its unlocked counter races. The comparator is inlined at the qsort call, called any
// number of times (qsort keeps no pointer to it).
// expect: compares RACE
// expect-stderr: warning: 'qsort' may call 'by_value': assumed to call it any number of times before it returns
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
