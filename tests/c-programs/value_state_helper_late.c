// As value_state_helper.c, but the worker writes the result after it has set the
// state to JOB_DONE: a waiter that saw JOB_DONE may read it while it is written.
// expect: state race-free
// expect: result RACE
// expect-race-at: result 50 38
// fixed-twin: value_state_helper.c
#include <pthread.h>
#include <stdbool.h>

enum job_state { JOB_IDLE, JOB_RUNNING, JOB_DONE };

static enum job_state state = JOB_IDLE;
static double result;
static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;

static void
set_state (enum job_state s)
{
  pthread_mutex_lock (&mtx);
  state = s;
  pthread_cond_broadcast (&changed);
  pthread_mutex_unlock (&mtx);
}

static bool
is_done (void)
{
  return state == JOB_DONE;
}

static void *
worker (void *arg)
{
  (void) arg;
  set_state (JOB_RUNNING);
  set_state (JOB_DONE);
  result = 42.0;
  return NULL;
}

static void *
waiter (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&mtx);
  while (!is_done ())
    pthread_cond_wait (&changed, &mtx);
  pthread_mutex_unlock (&mtx);
  return (void *) (long) result;
}

int
main (void)
{
  pthread_t w, a, b;
  pthread_create (&a, NULL, waiter, NULL);
  pthread_create (&b, NULL, waiter, NULL);
  pthread_create (&w, NULL, worker, NULL);
  pthread_join (w, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
