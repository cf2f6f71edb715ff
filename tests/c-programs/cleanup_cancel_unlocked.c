// As cleanup_cancel.c, but the handler is registered before the lock and the workers
// are cancelled in sleep, outside it: two cancelled workers run the handler at once,
// and it counts without the mutex.
// expect: served race-free
// expect: cancelled RACE
// fixed-twin: cleanup_cancel.c
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define NWORKERS 3

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long served;       /* guarded by m */
static long cancelled;    /* meant to be guarded by m, but the handler runs without it */

static void
on_cancel (void *arg)
{
  (void) arg;
  cancelled++;
}

static void *
worker (void *arg)
{
  (void) arg;
  pthread_cleanup_push (on_cancel, NULL);
  sleep (1);   /* a cancellation point, outside the lock */
  pthread_mutex_lock (&m);
  served++;
  pthread_mutex_unlock (&m);
  pthread_cleanup_pop (0);
  return NULL;
}

int
main (void)
{
  pthread_t t[NWORKERS];
  for (int i = 0; i < NWORKERS; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < NWORKERS; i++)
    pthread_cancel (t[i]);
  for (int i = 0; i < NWORKERS; i++)
    pthread_join (t[i], NULL);
  pthread_mutex_lock (&m);
  printf ("%ld served, %ld cancelled\n", served, cancelled);
  pthread_mutex_unlock (&m);
  return 0;
}
