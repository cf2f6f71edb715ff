// A key that changes while its lock is held: the worker locks slot a's mutex, then moves a
// on and writes the next slot, whose mutex it does not hold. No guess applies (a is
// assigned in the rest of the block), so the lock may denote several mutexes and the
// write races; so it really does, with a worker that holds the next slot's mutex.
// expect: data[] RACE
// expect-race-at: data[] 25 25
// fixed-twin: lock_elem_key_moves_fixed.c
#include <pthread.h>
#include <stdint.h>

#define N 16

static pthread_mutex_t locks[N];
static long data[N];

static void *
worker (void *arg)
{
  uintptr_t id = (uintptr_t) arg;
  for (int k = 0; k < 1000; k++)
    {
      int a = (int) ((id * 5 + (uintptr_t) k) % N);
      pthread_mutex_lock (&locks[a]);
      a = (a + 1) % N;
      data[a]++;
      pthread_mutex_unlock (&locks[(a + N - 1) % N]);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[4];
  for (int i = 0; i < N; i++)
    pthread_mutex_init (&locks[i], NULL);
  for (uintptr_t i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
