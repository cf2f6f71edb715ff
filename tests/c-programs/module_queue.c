// A module without main: a fixed-size queue with an init function and two entries.
// Any number of client threads call push and pop, after init ran alone.
// args: --entry queue_push --entry queue_pop --init queue_init
// expect: queue.items[] race-free
// expect: queue.head race-free
// expect: queue.tail race-free
// expect: pushes RACE
#include <pthread.h>

struct queue { int items[16]; int head, tail; pthread_mutex_t lock; };
static struct queue queue;
static int pushes;

void queue_init (void)
{
  pthread_mutex_init (&queue.lock, NULL);
  queue.head = queue.tail = 0;
  pushes = 0;
}

void queue_push (int v)
{
  pthread_mutex_lock (&queue.lock);
  queue.items[queue.tail % 16] = v;
  queue.tail++;
  pthread_mutex_unlock (&queue.lock);
  pushes++;
}

int queue_pop (void)
{
  int v = -1;
  pthread_mutex_lock (&queue.lock);
  if (queue.head != queue.tail)
    v = queue.items[queue.head++ % 16];
  pthread_mutex_unlock (&queue.lock);
  return v;
}

int queue_size (void)
{
  return queue.tail - queue.head;
}
