// An entry that locks one queue and then moves its parameter on to the next queue
// before writing: the write is to a queue whose mutex it does not hold. A parameter
// that is assigned is not taken to stand for one object (soundness).
// expect: struct queue.count RACE
// expect: struct queue.next race-free
// fixed-twin: module_object_reassigned_fixed.c
#include <pthread.h>

struct queue
{
  pthread_mutex_t lock;
  struct queue *next;
  int count;
};

void
queue_bump_next (struct queue *q)
{
  pthread_mutex_lock (&q->lock);
  struct queue *held = q;
  q = q->next;
  q->count++;
  pthread_mutex_unlock (&held->lock);
}

void
queue_bump (struct queue *q)
{
  pthread_mutex_lock (&q->lock);
  q->count++;
  pthread_mutex_unlock (&q->lock);
}
