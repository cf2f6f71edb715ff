// spin_sleep_fixed.c: the worker decides under the spinlock whether to back off, and
// sleeps after it has released it.
// expect: hits race-free
// racy-twin: spin_sleep.c
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
      int back_off = hits % 10 == 0;
      pthread_spin_unlock (&stats_lock);
      if (back_off)
        usleep (100);
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
