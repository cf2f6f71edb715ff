// misuse_wait_unlocked_fixed.c: the consumer locks the mutex before it tests the flag and
// waits on the condition variable, as POSIX requires; the producer sets the flag under the
// mutex and signals.
// expect: item race-free
// expect: ready race-free
// mutant-skip: 23 item is written by the producer only before it sets ready, which the consumer waits for
// racy-twin: misuse_wait_unlocked.c
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready_cv = PTHREAD_COND_INITIALIZER;
static int ready;   /* guarded by m */
static int item;    /* guarded by m */

static void *
consumer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  while (!ready)
    pthread_cond_wait (&ready_cv, &m);
  item--;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
producer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  item = 42;
  ready = 1;
  pthread_cond_signal (&ready_cv);
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t c, p;
  pthread_create (&c, NULL, consumer, NULL);
  pthread_create (&p, NULL, producer, NULL);
  pthread_join (c, NULL);
  pthread_join (p, NULL);
  return item;
}
