// misuse_join_self_global.c: main keeps the worker's id in a global so that a stop
// routine can join it; the worker itself calls that routine when its input runs out,
// and so joins itself (EDEADLK in glibc, a self-deadlock in POSIX terms). Its read of
// g_worker races with main's pthread_create, which may store the handle after the
// worker has started (the fixed twin waits for main to say it has).
// expect: g_worker RACE
// expect: produced race-free
// expect-deadlock: self-join g_worker: SELF-JOIN
// fixed-twin: misuse_join_self_global_fixed.c
#include <pthread.h>
#include <stddef.h>

static pthread_t g_worker;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int produced;   /* guarded by m */

static void
stop_worker (void)
{
  pthread_join (g_worker, NULL);
}

static void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  produced++;
  pthread_mutex_unlock (&m);
  stop_worker ();
  return NULL;
}

int
main (void)
{
  pthread_create (&g_worker, NULL, worker, NULL);
  pthread_mutex_lock (&m);
  produced++;
  pthread_mutex_unlock (&m);
  return 0;
}
