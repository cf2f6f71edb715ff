// The fixed twin of module_object_reassigned.c: the next queue is updated under its own
// mutex. racefree does not take an assigned parameter to stand for one object, so the
// lock through it may denote several mutexes and gives no exclusion.
// known-gap: struct queue.count RACE: the parameter is assigned, so it is not taken to stand for one object
// expect: struct queue.count race-free
// expect: struct queue.next race-free
// racy-twin: module_object_reassigned.c
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
  struct queue *next = q->next;
  pthread_mutex_unlock (&q->lock);
  q = next;
  pthread_mutex_lock (&q->lock);
  q->count++;
  pthread_mutex_unlock (&q->lock);
}

void
queue_bump (struct queue *q)
{
  pthread_mutex_lock (&q->lock);
  q->count++;
  pthread_mutex_unlock (&q->lock);
}
