// A signal thread: main fills the set of signals before it starts the thread, which
// then blocks them with pthread_sigmask and waits for them with sigwait; main reads
// the set again to block it itself. pthread_sigmask and sigwait only read the set.
// expect: handled.__val[] race-free
// expect: caught race-free
// racy-twin: sigmask_set_changed.c
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

static sigset_t handled;
static int caught;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void *
waiter (void *arg)
{
  int sig;
  (void) arg;
  pthread_sigmask (SIG_BLOCK, &handled, NULL);
  sigwait (&handled, &sig);
  pthread_mutex_lock (&mu);
  caught = sig;
  pthread_mutex_unlock (&mu);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  sigset_t old;
  sigemptyset (&handled);
  sigaddset (&handled, SIGINT);
  pthread_create (&t, NULL, waiter, NULL);
  pthread_sigmask (SIG_BLOCK, &handled, &old);
  pthread_mutex_lock (&mu);
  printf ("%d\n", caught);
  pthread_mutex_unlock (&mu);
  return 0;
}
