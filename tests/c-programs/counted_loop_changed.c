// A loop whose counter the body changes is not a counted loop (not unrolled): here the
// body skips every other index, so only half the workers are joined, and main's read
// of the total races with the others.
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
  for (int i = 0; i < N; i++)
    {
      pthread_join (t[i], NULL);
      i++;
    }
  printf ("%ld\n", total);
  return 0;
}
