// Pattern: nested thread creation — main starts a listener, the listener starts a handler per
// connection; handlers and listener share a connection count under one lock.
// expect: active race-free
// expect: served race-free
// why: every access to active and served, in handlers and in the listener, holds conn_lock.
// racy-twin: nested_create_racy.c
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define MAX_ACTIVE 16

static int active;
static long served;
static pthread_mutex_t conn_lock = PTHREAD_MUTEX_INITIALIZER;

static void *handler (void *arg)
{
  long conn = (long) arg;
  usleep ((useconds_t) (conn % 10) * 1000);
  pthread_mutex_lock (&conn_lock);
  active--;
  served++;
  pthread_mutex_unlock (&conn_lock);
  return NULL;
}

static void *listener (void *arg)
{
  (void) arg;
  for (long conn = 0;; conn++)
    {
      pthread_mutex_lock (&conn_lock);
      int busy = active >= MAX_ACTIVE;
      if (!busy)
        active++;
      pthread_mutex_unlock (&conn_lock);
      if (busy)
        {
          usleep (1000);
          continue;
        }
      pthread_t h;
      pthread_create (&h, NULL, handler, (void *) conn);
      pthread_detach (h);
    }
  return NULL;
}

int main (void)
{
  pthread_t l;
  pthread_create (&l, NULL, listener, NULL);
  for (;;)
    {
      sleep (1);
      pthread_mutex_lock (&conn_lock);
      printf ("%ld served, %d active\n", served, active);
      pthread_mutex_unlock (&conn_lock);
    }
}
