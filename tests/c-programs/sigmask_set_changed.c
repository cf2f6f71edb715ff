// As sigmask_set.c, but main adds a signal to the set after the waiter has started,
// while the waiter may be reading it.
// expect: handled.__val[] RACE
// expect-race-at: handled.__val[] 36 20
// expect: caught race-free
// fixed-twin: sigmask_set.c
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
  sigaddset (&handled, SIGTERM);   /* changed while the waiter reads it */
  pthread_sigmask (SIG_BLOCK, &handled, &old);
  pthread_mutex_lock (&mu);
  printf ("%d\n", caught);
  pthread_mutex_unlock (&mu);
  return 0;
}
