// Pattern: barrier — a two-phase stencil: each worker writes its own cell of `cur`, all meet
// at a barrier, then each computes its cell of `next` from its neighbours' cells of `cur`.
// expect: cur[] race-free
// expect: next[] race-free
// why: in phase 1 each worker writes only cur[id] (distinct elements); the barrier makes
//   every phase-1 write happen before any phase-2 read of cur; in phase 2 each worker writes
//   only next[id]; main reads next after joining every worker.
// racy-twin: barrier_missing.c
#include <pthread.h>
#include <stdio.h>

#define N 4

static double cur[N], next[N];
static pthread_barrier_t phase;

static void *worker (void *arg)
{
  int id = (int) (long) arg;
  cur[id] = id * id;
  pthread_barrier_wait (&phase);
  next[id] = (cur[(id + N - 1) % N] + cur[id] + cur[(id + 1) % N]) / 3;
  return NULL;
}

int main (void)
{
  pthread_t t[N];
  pthread_barrier_init (&phase, NULL, N);
  for (long i = 0; i < N; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < N; i++)
    pthread_join (t[i], NULL);
  for (int i = 0; i < N; i++)
    printf ("%g\n", next[i]);
  pthread_barrier_destroy (&phase);
  return 0;
}
