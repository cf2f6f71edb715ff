/* queue (version 1): a work queue whose 'dropped' counter workers bump without the
 * queue's lock. The team accepts that race: tests/baseline-run.py takes this version's
 * JSON report as the baseline of version 2 (../v2/queue.c).
 * Expected: 'dropped' RACE; 'head' and 'items[]' race-free. */
#include <pthread.h>

static int items[16];
static int head;
static int dropped;
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
  pthread_mutex_unlock (&qlock);
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
  return dropped;
}
