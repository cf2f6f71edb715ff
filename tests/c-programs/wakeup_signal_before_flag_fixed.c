// wakeup_signal_before_flag_fixed.c: the finisher sets `done` and signals in one
// critical section, so a waiter that tests the flag under the mutex either sees it set
// or is waiting when the signal comes.
// expect: done race-free
// expect: answer race-free
// racy-twin: wakeup_signal_before_flag.c
// mutant-skip: 36 answer is written before done is set and read after it is seen
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t finished = PTHREAD_COND_INITIALIZER;
static int done;
static int answer;

static void *
finisher (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  answer = 42;
  done = 1;
  pthread_cond_signal (&finished);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, finisher, NULL);
  pthread_mutex_lock (&m);
  while (!done)
    pthread_cond_wait (&finished, &m);
  printf ("%d\n", answer);
  pthread_mutex_unlock (&m);
  pthread_join (t, NULL);
  return 0;
}
