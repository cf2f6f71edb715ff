// Pattern: shared counter, locked — every update of the counter holds one global mutex.
// expect: hits race-free
// why: the workers' read-modify-write of hits is inside hits_lock, so no two of them are in it
//   at once; main reads the total under the same lock.
// racy-twin: counter_plain.c
// mutant-skip: 35 main locks hits after joining every worker: it is the only thread left
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 4
#define ROUNDS 100000

static long hits;
static pthread_mutex_t hits_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  (void) arg;
  for (int i = 0; i < ROUNDS; i++)
    {
      pthread_mutex_lock (&hits_lock);
      hits++;
      pthread_mutex_unlock (&hits_lock);
    }
  return NULL;
}

int main (void)
{
  pthread_t t[NTHREADS];
  for (int i = 0; i < NTHREADS; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < NTHREADS; i++)
    pthread_join (t[i], NULL);
  pthread_mutex_lock (&hits_lock);
  printf ("%ld hits\n", hits);
  pthread_mutex_unlock (&hits_lock);
  return 0;
}
