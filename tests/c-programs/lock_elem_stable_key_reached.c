// A lock chosen by a global index that main sets before the threads start, but whose
// address main also hands out: the workers move the index through that pointer, so
// between taking locks[k] and touching data[k] the index may change, and two workers
// may then touch one cell under two locks.
// expect: k RACE
// expect-race-at: k 27 24
// expect: kp race-free
// expect: data[] RACE
// expect-race-at: data[] 25 25
// fixed-twin: lock_elem_stable_key.c
#include <pthread.h>
#include <stdio.h>
#define N 8
static pthread_mutex_t locks[N];
static long data[N];
static int k;
static int *kp;

static void *worker (void *arg)
{
  (void) arg;
  for (int r = 0; r < 100; r++)
    {
      pthread_mutex_lock (&locks[k]);
      data[k]++;
      pthread_mutex_unlock (&locks[k]);
      *kp = (*kp + 1) % N;
    }
  return NULL;
}

int main (void)
{
  pthread_t t[2];
  for (int i = 0; i < N; i++)
    pthread_mutex_init (&locks[i], NULL);
  k = 3;
  kp = &k;
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", data[0]);
  return 0;
}
