// As cleanup_cancel_pending.c, but main reads the pending count right after
// pthread_cancel, before the join: cancellation is asynchronous to the caller, so the
// worker's handler may be taking the count back at that moment.
// expect: pending RACE
// fixed-twin: cleanup_cancel_pending.c
#include <pthread.h>
#include <unistd.h>

static int pending;

static void undo (void *arg)
{
  (void) arg;
  pending--;
}

static void *worker (void *arg)
{
  pthread_cleanup_push (undo, NULL);
  pending++;
  for (;;)
    {
      sleep (1);
      pthread_testcancel ();
    }
  pthread_cleanup_pop (1);
  return arg;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_cancel (t);
  int left = pending;   /* before the join: the handler may be running */
  pthread_join (t, NULL);
  return left;
}
