// misuse_join_detached_attr.c: main creates its logger with an attribute set to
// PTHREAD_CREATE_DETACHED, and later joins it anyway: a join of a detached thread,
// undefined in POSIX. racefree does not follow an attribute's state along the program
// (the thread is only maybe detached), so it asks and cannot prove it impossible, but
// does not show it.
// expect: logged race-free
// expect-deadlock: join of detached logger: JOIN OF DETACHED
// known-gap-deadlocks: unknown: a create with an attribute that may be detached is only a maybe-detach in the model
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
