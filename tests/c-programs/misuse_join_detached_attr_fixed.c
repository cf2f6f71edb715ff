// misuse_join_detached_attr_fixed.c: misuse_join_detached_attr.c fixed: the logger is
// created with a joinable attribute (set so by name), and main joins it; a second,
// detached reporter is created with its own attribute into a handle nobody joins.
// expect: logged race-free
// expect-deadlock: join of detached logger: cannot happen (proved)
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
  (void) argv;
  pthread_attr_t joinable, detached;
  pthread_t logger, reporter;
  pthread_attr_init (&joinable);
  pthread_attr_setdetachstate (&joinable, PTHREAD_CREATE_JOINABLE);
  pthread_attr_init (&detached);
  pthread_attr_setdetachstate (&detached, PTHREAD_CREATE_DETACHED);
  pthread_create (&logger, &joinable, log_main, NULL);
  pthread_create (&reporter, &detached, log_main, NULL);
  pthread_mutex_lock (&m);
  logged++;
  pthread_mutex_unlock (&m);
  if (argc > 1)
    pthread_detach (logger);
  else
    pthread_join (logger, NULL);
  return 0;
}
