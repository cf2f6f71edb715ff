// The fixed twin of callback_qsort.c: the comparator counts under a lock, so the
// comparators that run at once (inside two qsort calls) never race on the counter;
// main reads it after joining both workers (the comparator runs only inside qsort).
// expect: compares race-free
// expect-stderr: warning: 'qsort' may call 'by_value': assumed to call it any number of times before it returns
// racy-twin: callback_qsort.c
// mutant-skip: 36 main reads the counter after joining every worker: its lock is not needed
#include <pthread.h>
#include <stdlib.h>

static long compares;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static int by_value (const void *a, const void *b)
{
  pthread_mutex_lock (&m);
  compares++;
  pthread_mutex_unlock (&m);
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
  pthread_mutex_lock (&m);
  long n = compares;
  pthread_mutex_unlock (&m);
  return (int) n;
}
