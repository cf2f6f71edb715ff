// deadlock_callback_under_lock.c: an event registry calls its listeners' callbacks while
// it holds `registry_lock`; the statistics listener's callback takes `stats_lock`. The
// reporter thread holds `stats_lock` and, to log its report, fires an event through the
// registry, which takes `registry_lock`: the two locks are taken in both orders. And
// the reporter's own event reaches the statistics callback, which locks `stats_lock`
// again while the reporter holds it: a self-deadlock too.
// expect: events race-free
// expect: total race-free
// expect: listeners[] race-free
// expect: n_listeners race-free
// mutant-skip: 40 the listeners are set by main before any thread exists
// expect-deadlock: lock order registry_lock -> stats_lock -> registry_lock: DEADLOCK
// expect-deadlock: relock stats_lock: SELF-DEADLOCK
// fixed-twin: deadlock_callback_under_lock_fixed.c
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
  pthread_mutex_lock (&registry_lock);
  events++;
  for (int i = 0; i < n_listeners; i++)
    listeners[i] (event);
  pthread_mutex_unlock (&registry_lock);
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
  fire ((int) (snapshot & 0xff));
  pthread_mutex_unlock (&stats_lock);
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
