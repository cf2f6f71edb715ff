// Pattern: shared counter, plain — worker threads add to a global counter with no synchronisation.
// expect: hits RACE
// why: `hits++` reads hits and then writes it back; nothing orders the workers, so one
//   worker can be writing hits while another reads or writes it (updates get lost).
// fixed-twin: counter_locked.c counter_atomic.c
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 4
#define ROUNDS 100000

static long hits;

static void *worker (void *arg)
{
  (void) arg;
  for (int i = 0; i < ROUNDS; i++)
    hits++;
  return NULL;
}

int main (void)
{
  pthread_t t[NTHREADS];
  for (int i = 0; i < NTHREADS; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < NTHREADS; i++)
    pthread_join (t[i], NULL);
  printf ("%ld hits (expected %d)\n", hits, NTHREADS * ROUNDS);
  return 0;
}
