// A module whose entries take the client's object: each queue carries its own
// mutex, and any number of client threads call the entries on any queues. racefree
// checks one queue at a time (a representative object): calls on that queue lock
// its mutex, so the push's updates of the tail exclude each other; calls on other
// queues lock other mutexes and touch other objects. The unlocked peek reads items
// while a push on the same queue writes them.
// expect: struct queue.tail race-free
// expect: struct queue.head race-free
// expect: struct queue.items[] RACE
// expect-stderr: note: 'struct queue' objects given to entries (as 'q' of 'queue_push') are checked one at a time
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
  return q->items[q->head];
}
