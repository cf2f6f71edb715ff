// misuse_cond_two_mutexes_fixed.c: two waiters share one condition variable, `changed`, and
// both counters are guarded by one mutex, count_lock, which every wait uses: the condition
// variable is only ever waited on with that one mutex.
// expect: in_count race-free
// expect: out_count race-free
// racy-twin: misuse_cond_two_mutexes.c
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int in_count;    /* guarded by count_lock */
static int out_count;   /* guarded by count_lock */

static void *
wait_in (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&count_lock);
  while (in_count == 0)
    pthread_cond_wait (&changed, &count_lock);
  in_count--;
  pthread_mutex_unlock (&count_lock);
  return NULL;
}

static void *
wait_out (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&count_lock);
  while (out_count == 0)
    pthread_cond_wait (&changed, &count_lock);
  out_count--;
  pthread_mutex_unlock (&count_lock);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, wait_in, NULL);
  pthread_create (&b, NULL, wait_out, NULL);
  pthread_mutex_lock (&count_lock);
  in_count = 1;
  pthread_mutex_unlock (&count_lock);
  pthread_mutex_lock (&count_lock);
  out_count = 1;
  pthread_mutex_unlock (&count_lock);
  pthread_cond_broadcast (&changed);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
