// A worker registers a cleanup handler (pthread_cleanup_push) that takes back its
// pending count, then loops in sleep and pthread_testcancel until main cancels it;
// main joins it before it reads the count. Cancellation at a cancellation point runs
// the handler in the worker (glibc's setjmp and longjmp), then the worker ends: main's
// read comes after both writes.
// expect: pending race-free
// racy-twin: cleanup_cancel_pending_early.c
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
  pthread_join (t, NULL);
  return pending;
}
