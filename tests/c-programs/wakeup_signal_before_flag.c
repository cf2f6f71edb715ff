// wakeup_signal_before_flag.c: the finisher signals `finished` in one critical section
// and sets `done` in a later one, without signalling again. The waiter tests `done`
// in a loop, as it should; but when it waits after the signal and before the flag is
// set, nothing signals any more, and it waits for ever.
// expect: done race-free
// expect: answer race-free
// expect-deadlock: wait on finished: LOST WAKE-UP
// fixed-twin: wakeup_signal_before_flag_fixed.c
// mutants: none: answer is written before done is set and read after it is seen; the test is about the lost signal
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
  pthread_cond_signal (&finished);
  pthread_mutex_unlock (&m);
  pthread_mutex_lock (&m);
  done = 1;
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
