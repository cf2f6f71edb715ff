// The fixed twin of module_object_registry.c: the reset of each registered queue takes
// that queue's mutex. That lock goes through a pointer loaded from the registry, which
// may denote any queue: racefree gives it no exclusion, so it cannot prove this.
// known-gap: struct queue.count RACE: a lock through a pointer loaded from memory may denote several mutexes
// args: --entry queue_new --entry queue_push --entry queue_reset_all
// expect: struct queue.count race-free
// expect: registry.queues[] race-free
// expect: registry.n race-free
// expect: heap@module_object_registry_fixed.c:30.count race-free
// racy-twin: module_object_registry.c
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

static void
queue_reset (struct queue *q)
{
  pthread_mutex_lock (&q->lock);
  q->count = 0;
  pthread_mutex_unlock (&q->lock);
}

void
queue_reset_all (void)
{
  pthread_mutex_lock (&registry.lock);
  for (int i = 0; i < registry.n; i++)
    queue_reset (registry.queues[i]);
  pthread_mutex_unlock (&registry.lock);
}
