// The fixed twin of module_object_publish.c: the constructor initialises the queue
// before it records it in the registry, so no other thread can reach it yet.
// expect: struct queue.count race-free
// expect: registry[] race-free
// expect: registered race-free
// racy-twin: module_object_publish.c
#include <pthread.h>
#include <stdlib.h>

struct queue
{
  pthread_mutex_t lock;
  int count;
};

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct queue *registry[16];
static int registered;

struct queue *
queue_new (void)
{
  struct queue *q = malloc (sizeof *q);
  if (!q)
    return NULL;
  pthread_mutex_init (&q->lock, NULL);
  q->count = 0;
  pthread_mutex_lock (&registry_lock);
  if (registered < 16)
    registry[registered++] = q;
  pthread_mutex_unlock (&registry_lock);
  return q;
}

struct queue *
queue_find (int i)
{
  struct queue *q = NULL;
  pthread_mutex_lock (&registry_lock);
  if (i >= 0 && i < registered)
    q = registry[i];
  pthread_mutex_unlock (&registry_lock);
  return q;
}

void
queue_push (struct queue *q)
{
  pthread_mutex_lock (&q->lock);
  q->count++;
  pthread_mutex_unlock (&q->lock);
}
