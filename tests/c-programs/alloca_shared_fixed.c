// The fixed twin of alloca_shared.c: main writes its stack buffers only after joining
// the worker.
// expect: heap@alloca_shared_fixed.c:26 race-free
// expect: heap@alloca_shared_fixed.c:25 race-free
// expect: shared race-free
// expect: spare race-free
// racy-twin: alloca_shared.c
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
  pthread_join (t, NULL);
  buf[0] = 'b';
  other[1] = 'd';
  return 0;
}
