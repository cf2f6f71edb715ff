// A handler installed with signal() counts signals in an atomic counter that a
// worker thread also resets atomically.
// expect: nsignals race-free
// expect-stderr: signal: handler 'on_usr1' taken to run in a thread of its own
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>

atomic_int nsignals;

static void
on_usr1 (int sig)
{
  (void) sig;
  atomic_fetch_add (&nsignals, 1);
}

static void *
worker (void *arg)
{
  (void) arg;
  atomic_store (&nsignals, 0);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  signal (SIGPIPE, SIG_IGN);
  signal (SIGUSR1, on_usr1);
  pthread_create (&t, NULL, worker, NULL);
  raise (SIGUSR1);
  return 0;
}
