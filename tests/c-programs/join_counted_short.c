// Counted loops, one join short: N workers are created but only N - 1 are joined, so
// one worker may still be adding to the total when main reads it.
// expect: total RACE
// fixed-twin: join_counted.c
#include <pthread.h>
#include <stdio.h>
#define N 4
long total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  long id = (long) arg;
  pthread_mutex_lock (&m);
  total += id;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t[N];
  for (long i = 0; i < N; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 1; i < N; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", total);
  return 0;
}
