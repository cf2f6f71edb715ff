// wakeup_helper_event_fixed.c: the event object keeps its state: event_set sets `set`
// under the mutex before it broadcasts, and event_wait waits only while it is clear, so
// an event set before anyone waits is not lost.
// expect: payload race-free
// expect: ev.set race-free
// racy-twin: wakeup_helper_event.c
#include <pthread.h>
#include <stddef.h>

struct event
{
  pthread_mutex_t mu;
  pthread_cond_t cv;
  int set;
};

static struct event ev = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 };
static int payload;

static void
event_set (struct event *e)
{
  pthread_mutex_lock (&e->mu);
  e->set = 1;
  pthread_cond_broadcast (&e->cv);
  pthread_mutex_unlock (&e->mu);
}

static void
event_wait (struct event *e)
{
  pthread_mutex_lock (&e->mu);
  while (!e->set)
    pthread_cond_wait (&e->cv, &e->mu);
  pthread_mutex_unlock (&e->mu);
}

static void *
producer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&ev.mu);
  payload = 7;
  pthread_mutex_unlock (&ev.mu);
  event_set (&ev);
  return NULL;
}

static void *
consumer (void *arg)
{
  (void) arg;
  event_wait (&ev);
  pthread_mutex_lock (&ev.mu);
  int v = payload;
  pthread_mutex_unlock (&ev.mu);
  return (void *) (long) v;
}

int
main (void)
{
  pthread_t p, c;
  pthread_create (&c, NULL, consumer, NULL);
  pthread_create (&p, NULL, producer, NULL);
  pthread_join (p, NULL);
  pthread_join (c, NULL);
  return 0;
}
