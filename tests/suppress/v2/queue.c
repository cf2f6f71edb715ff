/* queue (version 2): version 1 (../v1/queue.c) with a comment and a statistics field
 * added above, so that every line has moved, and a new race: 'peak' is written after
 * the queue's lock is released.
 * Expected with version 1's JSON report as --baseline: 'dropped' RACE, suppressed (in
 * the baseline: same fingerprint although its lines moved); 'peak' RACE, new; exit
 * status 1. Without the baseline: both races shown. */
#include <pthread.h>

/* The queue holds at most 16 items; what does not fit is dropped and counted. */
static int items[16];
static int head;
static int dropped;
static int peak;
static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&qlock);
  if (head < 16)
    items[head++] = 1;
  else
    {
      pthread_mutex_unlock (&qlock);
      dropped++;
      return arg;
    }
  int h = head;
  pthread_mutex_unlock (&qlock);
  if (h > peak)
    peak = h;
  return arg;
}

int
main (void)
{
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return dropped + peak;
}
