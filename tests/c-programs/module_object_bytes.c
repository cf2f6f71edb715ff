// An entry that clears any client memory given as `void *` may be given a queue that
// another thread is pushing to under the queue's mutex: the bytes it writes are the
// queue's fields (soundness: a `void *` may point to the representative queue).
// expect: struct queue.count RACE
// expect: client memory RACE
// fixed-twin: module_object_bytes_fixed.c
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
clear_bytes (void *p, size_t n)
{
  memset (p, 0, n);
}
