// As split_trylock_local.c, but the local that records the trylock's success is
// changed between its tests (`go = go || missed > 10;`): a thread whose trylock
// failed may then update the counter without the lock. The unlock follows the
// trylock's own result, which never changes.
// expect: counter RACE
// expect-race-at: counter 28 28
// fixed-twin: split_trylock_local.c
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long counter;

static void *
worker (void *arg)
{
  long missed = 0;
  (void) arg;
  for (int i = 0; i < 1000; i++)
    {
      int rc = pthread_mutex_trylock (&m);
      bool go = rc == 0;
      if (!go)
        missed++;
      go = go || missed > 10;
      if (go)
        counter++;
      if (rc == 0)
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
  printf ("%ld\n", counter);
  return 0;
}
