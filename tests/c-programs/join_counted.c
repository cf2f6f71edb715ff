// Counted loops: N workers created in `for (i = 0; i < N; i++)` and joined in the same
// kind of loop. racefree unrolls loops with constant bounds whose counter the body
// never changes, so it knows all N joins happen before main reads the total.
// expect: total race-free
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
    pthread_join (t[i], NULL);
  printf ("%ld\n", total);
  return 0;
}
