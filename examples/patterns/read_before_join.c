// Pattern: read before join — main reads the worker's result before joining it.
// expect: result RACE
// why: the worker may be writing result while main reads it: nothing orders the two until
//   the join, which comes after the read.
// fixed-twin: read_after_join.c
#include <pthread.h>
#include <stdio.h>

static long result;

static void *worker (void *arg)
{
  long n = (long) arg;
  long sum = 0;
  for (long i = 1; i <= n; i++)
    sum += i;
  result = sum;
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, (void *) 100L);
  printf ("%ld\n", result);
  pthread_join (t, NULL);
  return 0;
}
