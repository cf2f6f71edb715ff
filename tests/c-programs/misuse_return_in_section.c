// misuse_return_in_section.c: a worker takes jobs from a shared queue under queue_lock, and
// returns as soon as the queue is empty, from inside its critical section: it ends holding
// queue_lock, and every other worker then waits for it for ever.
// expect: pending race-free
// expect: done race-free
// expect-deadlock: end holding queue_lock: HELD AT END
// fixed-twin: misuse_return_in_section_fixed.c
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
        return NULL;
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
