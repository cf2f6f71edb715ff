// Pattern: shared counter, atomic — the counter is _Atomic and updated with atomic_fetch_add.
// expect: hits race-free
// why: every access to hits is atomic (atomic_fetch_add in the workers, atomic_load in main),
//   and atomic accesses never race with each other.
// racy-twin: counter_plain.c counter_atomic_mixed.c
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define NTHREADS 4
#define ROUNDS 100000

static atomic_long hits;

static void *worker (void *arg)
{
  (void) arg;
  for (int i = 0; i < ROUNDS; i++)
    atomic_fetch_add (&hits, 1);
  return NULL;
}

int main (void)
{
  pthread_t t[NTHREADS];
  for (int i = 0; i < NTHREADS; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < NTHREADS; i++)
    pthread_join (t[i], NULL);
  printf ("%ld hits\n", atomic_load (&hits));
  return 0;
}
