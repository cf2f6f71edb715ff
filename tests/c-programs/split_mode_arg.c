// A statistics helper that locks only in its LOCKED mode: `stats_add (v, mode)` tests
// the mode before locking and again before unlocking. Main feeds warm-up samples
// unlocked before it starts any worker; the workers always pass STATS_LOCKED. The mode
// is a parameter the helper never changes, so both tests take the same way.
// expect: st.n race-free
// expect: st.sum race-free
// racy-twin: split_mode_arg_late.c
#include <pthread.h>
#include <stdio.h>

enum lock_mode { STATS_UNLOCKED, STATS_LOCKED };

static struct
{
  long n, sum;
} st;
static pthread_mutex_t st_lock = PTHREAD_MUTEX_INITIALIZER;

static void
stats_add (long v, enum lock_mode mode)
{
  if (mode == STATS_LOCKED)
    pthread_mutex_lock (&st_lock);
  st.n++;
  st.sum += v;
  if (mode == STATS_LOCKED)
    pthread_mutex_unlock (&st_lock);
}

static void *
worker (void *arg)
{
  for (long i = 0; i < 100; i++)
    stats_add (i + (long) arg, STATS_LOCKED);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (long i = 0; i < 10; i++)
    stats_add (i, STATS_UNLOCKED);
  for (long i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %ld\n", st.n, st.sum);
  return 0;
}
