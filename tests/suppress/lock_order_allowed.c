/* lock_order_allowed: two workers take the same two mutexes in opposite orders, a
 * deadlock the model shows; the team has accepted it (the comment below) while the
 * fix is under review. A relock of 'stats_lock' is not accepted.
 * Expected: lock order alpha -> beta -> alpha: DEADLOCK (suppressed); relock
 * stats_lock: SELF-DEADLOCK, shown; exit status 1. */
#include <pthread.h>

static pthread_mutex_t alpha = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t beta = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static int moved;
static int stats;

/* racefree: allow lock order alpha -> beta -> alpha: fix under review (ticket 1234) */

static void
bump_stats (void)
{
  pthread_mutex_lock (&stats_lock);
  stats++;
  pthread_mutex_unlock (&stats_lock);
}

static void *
forward (void *arg)
{
  pthread_mutex_lock (&alpha);
  pthread_mutex_lock (&beta);
  moved++;
  pthread_mutex_unlock (&beta);
  pthread_mutex_unlock (&alpha);
  return arg;
}

static void *
backward (void *arg)
{
  pthread_mutex_lock (&beta);
  pthread_mutex_lock (&alpha);
  moved--;
  pthread_mutex_unlock (&alpha);
  pthread_mutex_unlock (&beta);
  pthread_mutex_lock (&stats_lock);
  bump_stats ();   /* stats_lock is held: locks it again */
  pthread_mutex_unlock (&stats_lock);
  return arg;
}

int
main (void)
{
  pthread_t f, b;
  pthread_create (&f, NULL, forward, NULL);
  pthread_create (&b, NULL, backward, NULL);
  pthread_join (f, NULL);
  pthread_join (b, NULL);
  return moved;
}
