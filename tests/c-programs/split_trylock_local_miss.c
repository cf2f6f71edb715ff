// As split_trylock_local.c, but the failure path counts its miss in the shared
// counter too, without the lock.
// expect: counter RACE
// expect-race-at: counter 25 25
// expect: other race-free
// fixed-twin: split_trylock_local.c
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long counter, other;

static void *
worker (void *arg)
{
  long missed = 0;
  (void) arg;
  for (int i = 0; i < 1000; i++)
    {
      bool got = pthread_mutex_trylock (&m) == 0;
      if (got)
        counter++;
      else
        counter--;
      if (got)
        pthread_mutex_unlock (&m);
      int rc;
      rc = pthread_mutex_trylock (&m);
      if (rc == 0)
        other++;
      if (!rc)
        pthread_mutex_unlock (&m);
    }
  return (void *) missed;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  printf ("%ld %ld\n", counter, other);
  return 0;
}
