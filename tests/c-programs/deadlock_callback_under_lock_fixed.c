// deadlock_callback_under_lock_fixed.c: the registry copies its listeners under
// `registry_lock` and calls them after releasing it, so a callback's `stats_lock` is
// never taken inside `registry_lock`, and the reporter's fire () under `stats_lock` takes
// the locks in the one order left.
// expect: events race-free
// expect: total race-free
// expect: listeners[] race-free
// expect: n_listeners race-free
// mutant-skip: 40 the listeners are set by main before any thread exists
// mutant-skip: 39 n_listeners is set by main before any thread exists
// racy-twin: deadlock_callback_under_lock.c
#include <pthread.h>
#include <stddef.h>

typedef void (*listener_fn) (int event);

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static listener_fn listeners[4];
static int n_listeners;
static int events;   /* guarded by registry_lock */
static long total;   /* guarded by stats_lock */

static void
on_event_count (int event)
{
  pthread_mutex_lock (&stats_lock);
  total += event;
  pthread_mutex_unlock (&stats_lock);
}

static void
fire (int event)
{
  listener_fn copy[4];
  int n;
  pthread_mutex_lock (&registry_lock);
  events++;
  n = n_listeners;
  for (int i = 0; i < n; i++)
    copy[i] = listeners[i];
  pthread_mutex_unlock (&registry_lock);
  for (int i = 0; i < n; i++)
    copy[i] (event);
}

static void *
producer (void *arg)
{
  (void) arg;
  for (int i = 0; i < 100; i++)
    fire (i);
  return NULL;
}

static void *
reporter (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&stats_lock);
  long snapshot = total;
  pthread_mutex_unlock (&stats_lock);
  fire ((int) (snapshot & 0xff));
  return NULL;
}

int
main (void)
{
  pthread_t p, r;
  listeners[n_listeners++] = on_event_count;
  pthread_create (&p, NULL, producer, NULL);
  pthread_create (&r, NULL, reporter, NULL);
  pthread_join (p, NULL);
  pthread_join (r, NULL);
  return 0;
}
