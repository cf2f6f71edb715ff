// misuse_cond_two_mutexes.c: two waiters share one condition variable, `changed`, but each
// waits with the mutex of its own counter; both can be waiting at once, with different
// mutexes, which POSIX leaves undefined (the condition variable is bound to one mutex while
// a thread waits on it).
// expect: in_count race-free
// expect: out_count race-free
// expect-deadlock: condition changed with in_lock and out_lock: TWO MUTEXES
// fixed-twin: misuse_cond_two_mutexes_fixed.c
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t in_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int in_count;    /* guarded by in_lock */
static int out_count;   /* guarded by out_lock */

static void *
wait_in (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&in_lock);
  while (in_count == 0)
    pthread_cond_wait (&changed, &in_lock);
  in_count--;
  pthread_mutex_unlock (&in_lock);
  return NULL;
}

static void *
wait_out (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&out_lock);
  while (out_count == 0)
    pthread_cond_wait (&changed, &out_lock);
  out_count--;
  pthread_mutex_unlock (&out_lock);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, wait_in, NULL);
  pthread_create (&b, NULL, wait_out, NULL);
  pthread_mutex_lock (&in_lock);
  in_count = 1;
  pthread_mutex_unlock (&in_lock);
  pthread_mutex_lock (&out_lock);
  out_count = 1;
  pthread_mutex_unlock (&out_lock);
  pthread_cond_broadcast (&changed);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
