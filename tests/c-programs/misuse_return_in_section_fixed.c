// misuse_return_in_section_fixed.c: a worker takes jobs from a shared queue under queue_lock;
// when the queue is empty it unlocks queue_lock before it returns, so no worker ends holding it.
// expect: pending race-free
// expect: done race-free
// racy-twin: misuse_return_in_section.c
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static int pending = 100;   /* guarded by queue_lock */
static long done;           /* guarded by queue_lock */

static void *
worker (void *arg)
{
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&queue_lock);
      if (pending == 0)
        {
          pthread_mutex_unlock (&queue_lock);
          return NULL;
        }
      pending--;
      done++;
      pthread_mutex_unlock (&queue_lock);
    }
}

int
main (void)
{
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], NULL);
  return 0;
}
