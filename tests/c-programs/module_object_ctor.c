// A module with a constructor: queue_new allocates and initialises a queue and hands
// it to the client, which then calls push and pop on it from any number of threads
// (on any number of queues). Each queue's fields are guarded by its own mutex. The
// global statistic is updated under a queue's mutex too, but two calls on different
// queues hold different mutexes, so they race on it. queue_free is left out of the
// entries: a client must not free a queue other threads still use (with it, the free
// races with every access, as the most general client may do that).
// args: --entry queue_new --entry queue_push --entry queue_pop
// expect: struct queue.items[] race-free
// expect: struct queue.count race-free
// expect: total_pushes RACE
// fixed-twin: module_object_ctor_fixed.c
#include <pthread.h>
#include <stdlib.h>

struct queue
{
  pthread_mutex_t lock;
  int items[16];
  int count;
};

static long total_pushes;

struct queue *
queue_new (void)
{
  struct queue *q = malloc (sizeof *q);
  if (!q)
    return NULL;
  pthread_mutex_init (&q->lock, NULL);
  q->count = 0;
  return q;
}

int
queue_push (struct queue *q, int v)
{
  int ok = 0;
  pthread_mutex_lock (&q->lock);
  if (q->count < 16)
    {
      q->items[q->count++] = v;
      total_pushes++;
      ok = 1;
    }
  pthread_mutex_unlock (&q->lock);
  return ok;
}

int
queue_pop (struct queue *q)
{
  int v = -1;
  pthread_mutex_lock (&q->lock);
  if (q->count > 0)
    v = q->items[--q->count];
  pthread_mutex_unlock (&q->lock);
  return v;
}

void
queue_free (struct queue *q)
{
  pthread_mutex_destroy (&q->lock);
  free (q);
}
