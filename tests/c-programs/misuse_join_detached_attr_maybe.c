// misuse_join_detached_attr_maybe.c: as misuse_join_detached_attr.c, but main sets the
// attribute detached only when it has an argument, and joins the logger either way: a
// join of a detached thread on the runs with an argument. The attribute is detached on
// one path to the create only, so racefree knows the thread only as maybe detached:
// it cannot prove the join safe, and does not show it.
// expect: logged race-free
// expect-deadlock: join of detached logger: JOIN OF DETACHED
// known-gap-deadlocks: unknown: an attribute set detached on some paths to the create only is a maybe-detach in the model (the must-set of detached attributes meets at the branch)
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
main (int argc, char **argv)
{
  pthread_attr_t attr;
  (void) argv;
  pthread_t logger;
  pthread_attr_init (&attr);
  if (argc > 1)   /* `logger -d`: fire and forget */
    pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  pthread_create (&logger, &attr, log_main, NULL);
  pthread_attr_destroy (&attr);
  pthread_mutex_lock (&m);
  logged++;
  pthread_mutex_unlock (&m);
  pthread_join (logger, NULL);
  return 0;
}
