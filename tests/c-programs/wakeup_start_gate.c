// wakeup_start_gate.c: workers wait at a start gate (a condition variable, no flag);
// main creates them and broadcasts `go` at once. A worker that reaches the gate after
// the broadcast waits for ever: the broadcast woke only the workers already waiting.
// expect: results[] race-free
// expect-deadlock: wait on go: LOST WAKE-UP
// fixed-twin: wakeup_start_gate_fixed.c
#include <pthread.h>
#include <stddef.h>

#define N 4

static pthread_mutex_t gate = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t go = PTHREAD_COND_INITIALIZER;
static long results[N];

static void *
worker (void *arg)
{
  long id = (long) arg;
  pthread_mutex_lock (&gate);
  pthread_cond_wait (&go, &gate);
  pthread_mutex_unlock (&gate);
  results[id] = id * 10;
  return NULL;
}

int
main (void)
{
  pthread_t tid[N];
  for (long i = 0; i < N; i++)
    pthread_create (&tid[i], NULL, worker, (void *) i);
  pthread_mutex_lock (&gate);
  pthread_cond_broadcast (&go);
  pthread_mutex_unlock (&gate);
  for (int i = 0; i < N; i++)
    pthread_join (tid[i], NULL);
  return 0;
}
