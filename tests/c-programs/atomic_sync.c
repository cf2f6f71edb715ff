// GCC's __sync builtins and _Atomic objects accessed with plain operators are atomic:
// they never race with each other. A plain store to the counter the workers update
// with __sync_fetch_and_add races with them.
// expect: requests RACE
// expect: level race-free
// expect: busy race-free
// fixed-twin: atomic_sync_fixed.c
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
  requests = 0;
  level = 0;
  return 0;
}
