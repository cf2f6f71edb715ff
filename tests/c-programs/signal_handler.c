// A handler installed with signal() counts signals in a plain global that a worker
// thread also updates: the handler may run at any time, in any thread.
// expect: nsignals RACE
// expect-stderr: signal: handler 'on_usr1' taken to run in a thread of its own
#include <pthread.h>
#include <signal.h>

int nsignals;

static void
on_usr1 (int sig)
{
  (void) sig;
  nsignals++;
}

static void *
worker (void *arg)
{
  (void) arg;
  nsignals = 0;
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
