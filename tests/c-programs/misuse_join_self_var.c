// misuse_join_self_var.c: a coordinator thread keeps its own id in `me` for its log
// lines and, at the end, joins `me` instead of the helper it started: it joins itself
// (EDEADLK in glibc), and the helper is never joined.
// expect: log_lines race-free
// expect-deadlock: self-join pthread_self (): SELF-JOIN
// fixed-twin: misuse_join_self_var_fixed.c
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int log_lines;   /* guarded by m */

static void *
helper (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  log_lines++;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *
coordinator (void *arg)
{
  (void) arg;
  pthread_t me = pthread_self ();
  pthread_t h;
  pthread_create (&h, NULL, helper, NULL);
  pthread_mutex_lock (&m);
  log_lines += pthread_equal (me, h) ? 0 : 1;
  pthread_mutex_unlock (&m);
  pthread_join (me, NULL);
  return NULL;
}

int
main (void)
{
  pthread_t c;
  pthread_create (&c, NULL, coordinator, NULL);
  pthread_join (c, NULL);
  return 0;
}
