// The fixed twin of module_object_bytes.c: the clearing entry takes a queue and clears
// its count under the queue's own mutex.
// expect: struct queue.count race-free
// racy-twin: module_object_bytes.c
#include <pthread.h>
#include <string.h>

struct queue
{
  pthread_mutex_t lock;
  int count;
};

void
queue_push (struct queue *q)
{
  pthread_mutex_lock (&q->lock);
  q->count++;
  pthread_mutex_unlock (&q->lock);
}

void
queue_clear (struct queue *q)
{
  pthread_mutex_lock (&q->lock);
  memset (&q->count, 0, sizeof q->count);
  pthread_mutex_unlock (&q->lock);
}
