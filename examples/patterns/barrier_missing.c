// Pattern: barrier missing — the two-phase stencil of barrier.c without the barrier.
// expect: cur[] RACE
// expect: next[] race-free
// why: a worker can read its neighbour's cur cell while the neighbour is still writing it.
//   next is still written at distinct elements and read by main only after the joins.
// fixed-twin: barrier.c
#include <pthread.h>
#include <stdio.h>

#define N 4

static double cur[N], next[N];

static void *worker (void *arg)
{
  int id = (int) (long) arg;
  cur[id] = id * id;
  next[id] = (cur[(id + N - 1) % N] + cur[id] + cur[(id + 1) % N]) / 3;
  return NULL;
}

int main (void)
{
  pthread_t t[N];
  for (long i = 0; i < N; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < N; i++)
    pthread_join (t[i], NULL);
  for (int i = 0; i < N; i++)
    printf ("%g\n", next[i]);
  return 0;
}
