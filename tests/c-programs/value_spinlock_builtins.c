// A spin lock written by hand with GCC's builtins, behind helpers that take the lock
// word by pointer: spin_lock spins on __sync_bool_compare_and_swap (a full barrier) and
// waits with a relaxed __atomic_load_n in between (test and test-and-set: the relaxed
// load only decides whether to try again), spin_unlock is __sync_lock_release. The
// lock word only holds 0 or 1, so the model follows it as a lock.
// expect: total race-free
// expect: lock_word race-free
// expect: hits[] race-free
// racy-twin: value_spinlock_peek.c
#include <pthread.h>
#include <sched.h>
#include <stdio.h>

static int lock_word;  /* 0: free, 1: held */
static unsigned long hits[8];
static unsigned long total;

static void
spin_lock (int *l)
{
  while (!__sync_bool_compare_and_swap (l, 0, 1))
    while (__atomic_load_n (l, __ATOMIC_RELAXED))
      sched_yield ();
}

static void
spin_unlock (int *l)
{
  __sync_lock_release (l);
}

static void *
worker (void *arg)
{
  unsigned k = (unsigned) (long) arg;
  for (int i = 0; i < 1000; i++)
    {
      spin_lock (&lock_word);
      hits[(k + i) % 8]++;
      total++;
      spin_unlock (&lock_word);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[3];
  for (long i = 0; i < 3; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], NULL);
  printf ("%lu\n", total);
  return 0;
}
