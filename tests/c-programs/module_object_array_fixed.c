// The fixed twin of module_object_array.c: the second queue is updated under its own
// mutex. A lock through an index of the parameter may denote any queue: racefree gives
// it no exclusion (and, as its unlock could release the representative's mutex, no
// queue's mutex gives any), so it cannot prove this.
// known-gap: struct queue.count RACE: a lock through an index of a parameter may denote several mutexes
// expect: struct queue.count race-free
// racy-twin: module_object_array.c
#include <pthread.h>

struct queue
{
  pthread_mutex_t lock;
  int count;
};

void
queue_bump_second (struct queue *qs)
{
  pthread_mutex_lock (&qs[1].lock);
  qs[1].count++;
  pthread_mutex_unlock (&qs[1].lock);
}

void
queue_bump (struct queue *q)
{
  pthread_mutex_lock (&q->lock);
  q->count++;
  pthread_mutex_unlock (&q->lock);
}
