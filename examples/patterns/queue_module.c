// Pattern: a module without main — a thread-safe blocking queue library; clients call
// queue_put and queue_take from any number of threads after queue_init ran once.
// args: --init queue_init --entry queue_put --entry queue_take --entry queue_length
// expect: q.items[] race-free
// expect: q.head race-free
// expect: q.count race-free
// why: queue_init runs before any client call; afterwards every function touches the queue
//   only with q.lock held (pthread_cond_wait releases it only while blocked).
// racy-twin: queue_module_racy.c
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
  pthread_mutex_lock (&q.lock);
  int n = q.count;
  pthread_mutex_unlock (&q.lock);
  return n;
}
