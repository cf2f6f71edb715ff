// A trylock whose result is kept in a local and tested twice: `int got =
// pthread_mutex_trylock (&m) == 0;` then the shared counter is updated only `if (got)`,
// a private miss count otherwise, and the mutex released `if (got)`. The local never
// changes, so the model follows one way per outcome of the trylock. A second spelling
// keeps the raw return code: `rc = pthread_mutex_trylock (&m); if (rc == 0) ...;
// if (!rc) unlock`.
// expect: counter race-free
// expect: other race-free
// racy-twin: split_trylock_local_miss.c split_trylock_changed.c
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
        missed++;
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
