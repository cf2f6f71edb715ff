// Call stacks in reports (fixed twin of stack_helpers.c): every call of the helper
// holds the lock, so the location is race-free; the two paths to it stay distinct.
// expect: total race-free
// expect: report race-free
// racy-twin: stack_helpers.c
#include <pthread.h>
static long total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void add (long k) { total += k; }

static void locked_add (long k)
{
  pthread_mutex_lock (&total_lock);
  add (k);
  pthread_mutex_unlock (&total_lock);
}

static void log_total (void)
{
  locked_add (0);
}

static void (*report) (void) = log_total;

static void *worker (void *arg)
{
  locked_add ((long) arg);
  report ();
  return NULL;
}

int main (void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return (int) total;
}
