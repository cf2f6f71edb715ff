// Thread cancellation is outside the supported subset: pthread_cleanup_push is a setjmp
// whose handler runs at pthread_exit or at a cancellation point, and a cancelled thread
// ends where the model would let it run on (a join after pthread_cancel could then
// block for ever in the model, hiding what follows). Located errors, exit 2.
// expect-exit: 2
// expect-stderr: error: unsupported: pthread_cleanup_push (a setjmp; its handler runs at pthread_exit or cancellation)
// expect-stderr: unsupported_cancel.c:36:3: error: unsupported: pthread_cancel (cancellation is not modelled)
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
