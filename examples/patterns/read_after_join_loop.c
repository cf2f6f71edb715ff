// Pattern: read after joining every worker of a loop — N workers add their partial sums to
// a total under a lock; main joins all of them, then reads the total without the lock.
// expect: total race-free
// why: the workers update total under total_lock, so they do not race with each other;
//   main reads it only after pthread_join returned for every worker it created.
#include <pthread.h>
#include <stdio.h>

#define N 4

static long total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  long id = (long) arg;
  long sum = 0;
  for (long i = id; i < 1000; i += N)
    sum += i;
  pthread_mutex_lock (&total_lock);
  total += sum;
  pthread_mutex_unlock (&total_lock);
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
