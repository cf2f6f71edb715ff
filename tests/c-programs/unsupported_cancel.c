// Thread cancellation with cleanup handlers is outside the supported subset:
// pthread_cleanup_push is a setjmp whose handler runs at pthread_exit or at a
// cancellation point. pthread_cancel alone is modelled (a thread may end at any
// cancellation point: warning). Located error, exit 2.
// expect-exit: 2
// expect-stderr: error: unsupported: pthread_cancel with pthread_cleanup_push handlers
// expect-stderr: unsupported_cancel.c:36:3: warning: pthread_cancel: every thread may end at any call that may be a cancellation point
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
