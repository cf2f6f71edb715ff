// spin_sleep.c: a statistics worker holds the spinlock `stats_lock` while it backs off
// with usleep; every other thread that wants the spinlock burns its CPU meanwhile.
// expect: hits race-free
// expect-deadlock: block holding stats_lock: BLOCKS HOLDING SPINLOCK
// fixed-twin: spin_sleep_fixed.c
#include <pthread.h>
#include <stddef.h>
#include <unistd.h>

static pthread_spinlock_t stats_lock;
static long hits;

static void *
worker (void *arg)
{
  (void) arg;
  for (int i = 0; i < 100; i++)
    {
      pthread_spin_lock (&stats_lock);
      hits++;
      if (hits % 10 == 0)
        usleep (100);
      pthread_spin_unlock (&stats_lock);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  pthread_spin_init (&stats_lock, PTHREAD_PROCESS_PRIVATE);
  for (int i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  return hits == 200 ? 0 : 1;
}
