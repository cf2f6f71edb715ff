// An enum job state set through a helper, `set_state (s)`, which every caller passes a
// constant; waiters loop while the state is not JOB_DONE, through a predicate helper
// that returns the comparison. The state takes three values, each a place of the
// model, so the waiters read the result only after the worker has published it.
// expect: state race-free
// expect: result race-free
// racy-twin: value_state_helper_late.c
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
  result = 42.0;
  set_state (JOB_DONE);
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
