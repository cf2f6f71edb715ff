// wakeup_helper_event.c: a small event object (mutex + condition variable) behind
// helpers; event_wait waits once, with no state to test, so an event_set that comes
// before it is lost and the consumer waits for ever.
// expect: payload race-free
// expect-deadlock: wait on ev.cv: LOST WAKE-UP
// fixed-twin: wakeup_helper_event_fixed.c
// mutant-skip: 23 event_set's section only broadcasts: the payload has its own section
#include <pthread.h>
#include <stddef.h>

struct event
{
  pthread_mutex_t mu;
  pthread_cond_t cv;
};

static struct event ev = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER };
static int payload;

static void
event_set (struct event *e)
{
  pthread_mutex_lock (&e->mu);
  pthread_cond_broadcast (&e->cv);
  pthread_mutex_unlock (&e->mu);
}

static void
event_wait (struct event *e)
{
  pthread_mutex_lock (&e->mu);
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
