// Fixed twin of lock_elem_key_moves.c: the key is moved on before the lock is taken, and
// then stays put while the slot's mutex is held (the guess starts at the lock).
// expect: data[] race-free
// racy-twin: lock_elem_key_moves.c
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
      a = (a + 1) % N;
      pthread_mutex_lock (&locks[a]);
      data[a]++;
      pthread_mutex_unlock (&locks[a]);
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
