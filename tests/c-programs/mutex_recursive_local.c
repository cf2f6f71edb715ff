// A recursive mutex that is a local of main, handed to the workers: as for a global
// one, the nested lock and unlock count holds, and the update after them is found
// racing.
// expect: updates RACE
// expect-stderr: warning: mutex 'local@main:m' is locked again by its holder: taken as a recursive mutex
// fixed-twin: mutex_recursive_fixed.c
#define _GNU_SOURCE
#include <pthread.h>
int updates;
static void *worker (void *arg)
{
  pthread_mutex_t *m = arg;
  pthread_mutex_lock (m);
  pthread_mutex_lock (m);
  pthread_mutex_unlock (m);
  pthread_mutex_unlock (m);
  updates++;
  return NULL;
}
int main (void)
{
  pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
  pthread_t t1, t2;
  pthread_create (&t1, NULL, worker, &m);
  pthread_create (&t2, NULL, worker, &m);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return 0;
}
