// A counted join loop that may stop early (break on an error): the model keeps the
// early exit, so main may read the total while workers still add to it.
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
    if (pthread_join (t[i], NULL) != 0)
      break;
  printf ("%ld\n", total);
  return 0;
}
