// Entries keep a client's queue in a global (under the module's own mutex) and
// another entry updates the kept queue without its mutex: the kept pointer may be
// the very queue a push is updating under that queue's mutex, so they race. (Soundness:
// an access through a pointer kept in memory is not to "another object".)
// expect: struct queue.count RACE
// expect: watched race-free
// fixed-twin: module_object_kept_fixed.c
#include <pthread.h>
#include <stddef.h>

struct queue
{
  pthread_mutex_t lock;
  int count;
};

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static struct queue *watched;

void
queue_push (struct queue *q)
{
  pthread_mutex_lock (&q->lock);
  q->count++;
  pthread_mutex_unlock (&q->lock);
}

void
queue_watch (struct queue *q)
{
  pthread_mutex_lock (&watch_lock);
  watched = q;
  pthread_mutex_unlock (&watch_lock);
}

void
watched_reset (void)
{
  pthread_mutex_lock (&watch_lock);
  if (watched != NULL)
    watched->count = 0;
  pthread_mutex_unlock (&watch_lock);
}
