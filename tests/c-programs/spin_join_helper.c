// spin_join_helper.c: the reaper holds the spinlock `list_spin` of the worker list while
// reap () joins the worker it unlinks: pthread_join blocks until the worker ends, with
// the spinlock held.
// expect: live race-free
// expect-deadlock: block holding list_spin: BLOCKS HOLDING SPINLOCK
// fixed-twin: spin_join_helper_fixed.c
#include <pthread.h>
#include <stddef.h>

static pthread_spinlock_t list_spin;
static int live;

static void *
worker (void *arg)
{
  (void) arg;
  pthread_spin_lock (&list_spin);
  live++;
  pthread_spin_unlock (&list_spin);
  return NULL;
}

static void
reap (pthread_t t)
{
  pthread_join (t, NULL);
}

int
main (void)
{
  pthread_t t;
  pthread_spin_init (&list_spin, PTHREAD_PROCESS_PRIVATE);
  pthread_create (&t, NULL, worker, NULL);
  pthread_spin_lock (&list_spin);
  live--;
  reap (t);
  pthread_spin_unlock (&list_spin);
  return 0;
}
