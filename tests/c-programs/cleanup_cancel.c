// Workers wait under a mutex for a stop flag that main sets only when asked to;
// main then cancels each and joins them. A worker registers a cleanup handler right after taking the mutex: cancelled
// in pthread_cond_wait (which takes the mutex back first), it runs the handler, which
// counts the cancellation and releases the mutex. So the counts are only touched under
// the mutex, and no worker ends holding it.
// expect: served race-free
// expect: cancelled race-free
// expect: stop race-free
// mutant-skip: 63 main reads after joining every worker: the lock there is not needed
// racy-twin: cleanup_cancel_unlocked.c
#include <pthread.h>
#include <stdio.h>

#define NWORKERS 3

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int stop;          /* guarded by m */
static long served;       /* guarded by m */
static long cancelled;    /* guarded by m: the handler runs holding it */

static void
on_cancel (void *arg)
{
  (void) arg;
  cancelled++;
  pthread_mutex_unlock (&m);
}

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  pthread_cleanup_push (on_cancel, NULL);
  while (!stop)
    pthread_cond_wait (&c, &m);
  served++;
  pthread_cleanup_pop (0);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t[NWORKERS];
  (void) argv;
  for (int i = 0; i < NWORKERS; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  if (argc > 1)
    {
      /* `-s`: let the workers finish first; cancelling a finished thread does nothing */
      pthread_mutex_lock (&m);
      stop = 1;
      pthread_cond_broadcast (&c);
      pthread_mutex_unlock (&m);
    }
  for (int i = 0; i < NWORKERS; i++)
    pthread_cancel (t[i]);
  for (int i = 0; i < NWORKERS; i++)
    pthread_join (t[i], NULL);
  pthread_mutex_lock (&m);
  printf ("%ld served, %ld cancelled\n", served, cancelled);
  pthread_mutex_unlock (&m);
  return 0;
}
