/* Constructs outside the supported subset: each a located error (exit 2), or for a
 * signal handler a located warning stating the approximation; never dropped. */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <ucontext.h>

static jmp_buf env;
static int hits;

static void on_signal (int sig)
{
  (void) sig;
  hits++;
  longjmp (env, 1);   /* back into the interrupted thread: cannot be followed */
}

static void arm (void)
{
  struct sigaction sa = { .sa_handler = on_signal };
  sigaction (SIGUSR1, &sa, NULL);
  signal (SIGINT, on_signal);
}

static void *worker (void *arg)
{
  ucontext_t here;
  hits++;
  getcontext (&here);   /* a context a later setcontext could resume: not followed */
  return arg;
}

int main (void)
{
  pthread_t t;
  arm ();
  if (setjmp (env))
    return 1;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  return 0;
}
