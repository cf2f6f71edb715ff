// A lock chosen by a global index that only main sets, before the threads start: the
// workers lock locks[k] and touch data[k], one cell under its one lock.
// expect: k race-free
// expect: data[] race-free
// racy-twin: lock_elem_stable_key_reached.c
#include <pthread.h>
#include <stdio.h>
#define N 8
static pthread_mutex_t locks[N];
static long data[N];
static int k;

static void *worker (void *arg)
{
  (void) arg;
  for (int r = 0; r < 100; r++)
    {
      pthread_mutex_lock (&locks[k]);
      data[k]++;
      pthread_mutex_unlock (&locks[k]);
    }
  return NULL;
}

int main (void)
{
  pthread_t t[2];
  for (int i = 0; i < N; i++)
    pthread_mutex_init (&locks[i], NULL);
  k = 3;
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", data[k]);
  return 0;
}
