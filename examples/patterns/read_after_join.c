// Pattern: read after join — main starts one worker, joins it, then reads its result.
// expect: result race-free
// why: pthread_join returns only after the worker terminated, so the worker's write of
//   result happens before main's read; no other thread touches result.
// racy-twin: read_before_join.c
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
  pthread_join (t, NULL);
  printf ("%ld\n", result);
  return 0;
}
