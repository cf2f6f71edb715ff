// Pattern: a module without main, unlocked length — as queue_module.c, but queue_length
// reads the count without the lock ("an int read is atomic anyway").
// args: --init queue_init --entry queue_put --entry queue_take --entry queue_length
// expect: q.items[] race-free
// expect: q.head race-free
// expect: q.count RACE
// why: a client in queue_length reads q.count while another client, in queue_put or
//   queue_take, writes it under q.lock. The items and the head are still only touched
//   under the lock.
// fixed-twin: queue_module.c
#include <pthread.h>

#define CAP 64

struct queue
{
  pthread_mutex_t lock;
  pthread_cond_t nonempty, nonfull;
  void *items[CAP];
  int head, count;
};

static struct queue q;

void queue_init (void)
{
  pthread_mutex_init (&q.lock, NULL);
  pthread_cond_init (&q.nonempty, NULL);
  pthread_cond_init (&q.nonfull, NULL);
  q.head = q.count = 0;
}

void queue_put (void *item)
{
  pthread_mutex_lock (&q.lock);
  while (q.count == CAP)
    pthread_cond_wait (&q.nonfull, &q.lock);
  q.items[(q.head + q.count) % CAP] = item;
  q.count++;
  pthread_cond_signal (&q.nonempty);
  pthread_mutex_unlock (&q.lock);
}

void *queue_take (void)
{
  pthread_mutex_lock (&q.lock);
  while (q.count == 0)
    pthread_cond_wait (&q.nonempty, &q.lock);
  void *item = q.items[q.head];
  q.head = (q.head + 1) % CAP;
  q.count--;
  pthread_cond_signal (&q.nonfull);
  pthread_mutex_unlock (&q.lock);
  return item;
}

int queue_length (void)
{
  return q.count;
}
