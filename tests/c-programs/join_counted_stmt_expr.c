// Joins in a counted loop, in a function that also uses atomic_load (a statement
// expression in glibc's <stdatomic.h>): the loop is still unrolled, so main reads
// the total only after every worker has ended.
// expect: total race-free
// expect: done race-free
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define N 3
int total;
atomic_int done;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  total++;
  pthread_mutex_unlock (&m);
  atomic_fetch_add (&done, 1);
  return NULL;
}

int
main (void)
{
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < N; i++)
    pthread_join (t[i], NULL);
  printf ("%d %d\n", total, atomic_load (&done));
  return 0;
}
