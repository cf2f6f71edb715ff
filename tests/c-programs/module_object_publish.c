// The constructor records the new queue in the module's registry before it finishes
// initialising it, and another entry hands registered queues to clients: a client may
// push to the queue while the constructor still writes its count. (Soundness: an
// access through a pointer to the allocation site's object may be to the
// representative queue.)
// expect: struct queue.count RACE
// expect: heap@module_object_publish.c:27.count RACE
// expect: registry[] race-free
// expect: registered race-free
// fixed-twin: module_object_publish_fixed.c
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
  pthread_mutex_lock (&registry_lock);
  if (registered < 16)
    registry[registered++] = q;
  pthread_mutex_unlock (&registry_lock);
  q->count = 0;
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
