// An entry given an array of queues updates the second queue under the first one's
// mutex, while another entry updates a queue under its own mutex: a client may give
// the second entry the array's second queue, so they race. (Soundness: indexing or
// arithmetic on a parameter standing for one object leaves that object.)
// expect: struct queue.count RACE
// fixed-twin: module_object_array_fixed.c
#include <pthread.h>

struct queue
{
  pthread_mutex_t lock;
  int count;
};

void
queue_bump_second (struct queue *qs)
{
  pthread_mutex_lock (&qs[0].lock);
  qs[1].count++;
  pthread_mutex_unlock (&qs[0].lock);
}

void
queue_bump (struct queue *q)
{
  pthread_mutex_lock (&q->lock);
  q->count++;
  pthread_mutex_unlock (&q->lock);
}
