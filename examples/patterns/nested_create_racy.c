// Pattern: nested thread creation, unlocked admission test — as nested_create.c, but the
// listener tests the number of active handlers without the lock.
// expect: active RACE
// expect: served race-free
// why: the listener reads active while a handler (created by the listener itself), holding
//   conn_lock, decrements it. served is still only touched under the lock.
// fixed-twin: nested_create.c
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
      int busy = active >= MAX_ACTIVE;
      if (!busy)
        {
          pthread_mutex_lock (&conn_lock);
          active++;
          pthread_mutex_unlock (&conn_lock);
        }
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
