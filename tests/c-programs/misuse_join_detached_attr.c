// misuse_join_detached_attr.c: main creates its logger with an attribute set to
// PTHREAD_CREATE_DETACHED, and later joins it anyway: a join of a detached thread,
// undefined in POSIX. The attribute is set detached on every path to the create and
// not changed in between, so the thread is detached from its start.
// expect: logged race-free
// expect-deadlock: join of detached logger: JOIN OF DETACHED
// fixed-twin: misuse_join_detached_attr_fixed.c
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int logged;   /* guarded by m */

static void *
log_main (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  logged++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_attr_t attr;
  pthread_t logger;
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  pthread_create (&logger, &attr, log_main, NULL);
  pthread_attr_destroy (&attr);
  pthread_mutex_lock (&m);
  logged++;
  pthread_mutex_unlock (&m);
  pthread_join (logger, NULL);
  return 0;
}
