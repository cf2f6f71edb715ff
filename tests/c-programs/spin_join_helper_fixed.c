// spin_join_helper_fixed.c: the reaper unlinks the worker under the spinlock and joins
// it after releasing it.
// expect: live race-free
// racy-twin: spin_join_helper.c
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
  pthread_spin_unlock (&list_spin);
  reap (t);
  return 0;
}
