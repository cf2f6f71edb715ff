// Memory from alloca is an object of its allocation site like malloc's: main hands
// its stack buffer to a worker through a global and writes it while the worker does,
// with no lock (__builtin_alloca is the same function). Before, alloca's result
// pointed to no object the model knew, and both writes were lost.
// expect: heap@alloca_shared.c:27 RACE
// expect: heap@alloca_shared.c:28 RACE
// expect: shared race-free
// expect: spare race-free
// fixed-twin: alloca_shared_fixed.c
#include <alloca.h>
#include <pthread.h>

char *shared, *spare;

static void *
worker (void *arg)
{
  shared[0] = 'a';
  spare[1] = 'c';
  return arg;
}

int
main (void)
{
  pthread_t t;
  char *buf = alloca (64);
  char *other = __builtin_alloca (16);
  shared = buf;
  spare = other;
  pthread_create (&t, NULL, worker, NULL);
  buf[0] = 'b';
  other[1] = 'd';
  pthread_join (t, NULL);
  return 0;
}
