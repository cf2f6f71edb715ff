// The constructor also records every queue in the module's own registry, and an
// entry resets the count of every registered queue under the registry's mutex only:
// a registered queue is one the clients push to under its own mutex, so they race.
// (Soundness: an access to a queue reached from the module's own memory may be to
// the representative queue.)
// args: --entry queue_new --entry queue_push --entry queue_reset_all
// expect: struct queue.count RACE
// expect: registry.queues[] race-free
// expect: registry.n race-free
// expect: heap@module_object_registry.c:31.count race-free
// fixed-twin: module_object_registry_fixed.c
#include <pthread.h>
#include <stdlib.h>

struct queue
{
  pthread_mutex_t lock;
  int count;
};

static struct
{
  pthread_mutex_t lock;
  struct queue *queues[64];
  int n;
} registry = { PTHREAD_MUTEX_INITIALIZER, { 0 }, 0 };

struct queue *
queue_new (void)
{
  struct queue *q = malloc (sizeof *q);
  if (!q)
    return NULL;
  pthread_mutex_init (&q->lock, NULL);
  q->count = 0;
  pthread_mutex_lock (&registry.lock);
  if (registry.n < 64)
    registry.queues[registry.n++] = q;
  pthread_mutex_unlock (&registry.lock);
  return q;
}

void
queue_push (struct queue *q)
{
  pthread_mutex_lock (&q->lock);
  q->count++;
  pthread_mutex_unlock (&q->lock);
}

void
queue_reset_all (void)
{
  pthread_mutex_lock (&registry.lock);
  for (int i = 0; i < registry.n; i++)
    registry.queues[i]->count = 0;
  pthread_mutex_unlock (&registry.lock);
}
