// A global struct holding a mutex set by PTHREAD_MUTEX_INITIALIZER and a function
// pointer: the initializer's integers over the mutex's own (library) pointers do not
// hide where the struct's function pointer points, so the worker only calls
// on_event, never on_idle (which main alone calls).
// expect: events race-free
// expect: idles race-free
// expect: dispatch.handler race-free
// expect: idle_hook race-free
// mutant-skip: 29 the race is in on_event, called through dispatch.handler (not followed)
#include <pthread.h>

int events, idles;

static void on_event (void) { events++; }
static void on_idle (void) { idles++; }

static struct
{
  pthread_mutex_t lock;
  void (*handler) (void);
} dispatch = { PTHREAD_MUTEX_INITIALIZER, on_event };

static void (*idle_hook) (void) = on_idle;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&dispatch.lock);
  dispatch.handler ();
  pthread_mutex_unlock (&dispatch.lock);
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, worker, NULL);
  pthread_create (&t2, NULL, worker, NULL);
  idle_hook ();
  return 0;
}
