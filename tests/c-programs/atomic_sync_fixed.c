// The fixed twin of atomic_sync.c: main resets the counter with an atomic store too,
// so every access to it is atomic and none races.
// expect: requests race-free
// expect: level race-free
// expect: busy race-free
// racy-twin: atomic_sync.c
#include <pthread.h>

static long requests;
static _Atomic int level;
static int busy;

static void *worker (void *arg)
{
  __sync_fetch_and_add (&requests, 1);
  level++;
  level += 2;
  while (!__sync_bool_compare_and_swap (&busy, 0, 1))
    ;
  __sync_lock_release (&busy);
  return arg;
}

int main (void)
{
  pthread_t t;
  for (int i = 0; i < 3; i++)
    pthread_create (&t, NULL, worker, NULL);
  __atomic_store_n (&requests, 0, __ATOMIC_SEQ_CST);
  level = 0;
  return 0;
}
