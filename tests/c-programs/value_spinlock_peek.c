// As value_spinlock_builtins.c, but a worker reads the total before it takes the spin
// lock, to stop early, while another worker updates it under the lock.
// expect: total RACE
// expect-race-at: total 40 36
// expect: lock_word race-free
// expect: hits[] race-free
// fixed-twin: value_spinlock_builtins.c
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
      if (total > 2500)
        break;
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
