// Call stacks in reports: the racing write is in a helper two calls deep, made once
// under the lock (through locked_add) and once without it (through log_total, called
// by a function pointer); the report names the function and every call on the way.
// expect: total RACE
// expect: report race-free
// expect-race-at: total 12 12
// fixed-twin: stack_helpers_fixed.c
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
  add (0);
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
