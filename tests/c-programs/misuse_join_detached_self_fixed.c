// misuse_join_detached_self_fixed.c: misuse_join_detached_self.c fixed: the handle first
// holds a fire-and-forget notifier that detaches itself, and is then reused for a
// joinable worker, which main joins: the join is of the worker, never of the detached
// notifier. racefree sees a detach through the handle before the join, but the replay
// shows it is of another thread: unknown, never shown.
// expect: items race-free
// expect-deadlock: join of detached worker_tid: unknown
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int items;   /* guarded by m */

static void *
notify (void *arg)
{
  (void) arg;
  pthread_detach (pthread_self ());
  pthread_mutex_lock (&m);
  items++;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
work (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  items++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t worker_tid;
  pthread_create (&worker_tid, NULL, notify, NULL);
  pthread_create (&worker_tid, NULL, work, NULL);
  pthread_join (worker_tid, NULL);
  pthread_mutex_lock (&m);
  items--;
  pthread_mutex_unlock (&m);
  return 0;
}
