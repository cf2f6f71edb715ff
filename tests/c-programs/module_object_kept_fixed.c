// The fixed twin of module_object_kept.c: the reset takes the kept queue's own mutex.
// That lock goes through a pointer kept in memory, which may denote any queue: racefree
// gives it no exclusion (and, as its unlock could release the representative queue's
// mutex, no lock of a queue gives exclusion any more), so it cannot prove this.
// known-gap: struct queue.count RACE: a lock through a pointer loaded from memory may denote several mutexes
// expect: struct queue.count race-free
// expect: watched race-free
// racy-twin: module_object_kept.c
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
    {
      pthread_mutex_lock (&watched->lock);
      watched->count = 0;
      pthread_mutex_unlock (&watched->lock);
    }
  pthread_mutex_unlock (&watch_lock);
}
