// wakeup_counter_wait.c: workers count their ends under a mutex and signal `all_done`;
// main waits on it once, without testing the count. When the workers end before main
// waits, every signal is lost and main waits for ever.
// expect: finished race-free
// expect: work[] race-free
// expect-deadlock: wait on all_done: LOST WAKE-UP
// fixed-twin: wakeup_counter_wait_fixed.c
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
  pthread_cond_wait (&all_done, &count_lock);
  pthread_mutex_unlock (&count_lock);
  return 0;
}
