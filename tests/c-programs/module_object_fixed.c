// The fixed twin of module_object.c: the peek takes the queue's own mutex too, so
// every access to a queue holds that queue's mutex; racefree proves each location of
// `struct queue` race-free for any number of queues and client threads.
// expect: struct queue.tail race-free
// expect: struct queue.head race-free
// expect: struct queue.items[] race-free
#include <pthread.h>

struct queue
{
  pthread_mutex_t lock;
  int head, tail;
  int items[8];
};

void queue_push (struct queue *q, int v)
{
  pthread_mutex_lock (&q->lock);
  q->items[q->tail] = v;
  q->tail = (q->tail + 1) % 8;
  pthread_mutex_unlock (&q->lock);
}

int queue_peek (struct queue *q)
{
  pthread_mutex_lock (&q->lock);
  int v = q->items[q->head];
  pthread_mutex_unlock (&q->lock);
  return v;
}
