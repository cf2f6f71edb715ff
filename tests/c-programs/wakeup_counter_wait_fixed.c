// wakeup_counter_wait_fixed.c: main waits while fewer than all workers have counted
// their ends, so signals that come before it waits are not needed. racefree shows no
// lost wake-up (the count is data the model abstracts: it says nothing rather than
// guess, and proves nothing either).
// expect: finished race-free
// expect: work[] race-free
// racy-twin: wakeup_counter_wait.c
#include <pthread.h>
#include <stddef.h>

#define WORKERS 3

static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t all_done = PTHREAD_COND_INITIALIZER;
static int finished;
static int work[WORKERS];

static void *
worker (void *arg)
{
  int *slot = arg;
  *slot = 1;
  pthread_mutex_lock (&count_lock);
  finished++;
  pthread_cond_signal (&all_done);
  pthread_mutex_unlock (&count_lock);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  for (int i = 0; i < WORKERS; i++)
    {
      pthread_create (&t, NULL, worker, &work[i]);
      pthread_detach (t);
    }
  pthread_mutex_lock (&count_lock);
  while (finished < WORKERS)
    pthread_cond_wait (&all_done, &count_lock);
  pthread_mutex_unlock (&count_lock);
  return 0;
}
