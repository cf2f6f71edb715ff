// A scoped lock guard (__attribute__ ((cleanup))) left only by a return: count ()
// always returns from inside the guarded scope, so the mutex is released by the
// guard's cleanup at that return, and only there. Both workers then update `tally`
// without the mutex, which races. (Were the cleanup not run at the return, the first
// worker would keep the mutex and the second would never get past count (), hiding
// the race.)
// expect: counted race-free
// expect: tally RACE
// fixed-twin: cleanup_attr_guard.c
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long counted, tally;

static void
unlock_guard (pthread_mutex_t **g)
{
  pthread_mutex_unlock (*g);
}

static long
count (void)
{
  __attribute__ ((cleanup (unlock_guard))) pthread_mutex_t *g = &m;
  pthread_mutex_lock (g);
  return ++counted;
}

static void *
worker (void *arg)
{
  (void) arg;
  long n = count ();
  tally += n;
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_create (&t1, NULL, worker, NULL);
  pthread_create (&t2, NULL, worker, NULL);
  pthread_join (t1, NULL);
  pthread_join (t2, NULL);
  return (int) tally;
}
