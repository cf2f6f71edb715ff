// As value_atomic_handshake.c, but main stores the flag with relaxed order: a relaxed
// store publishes nothing, so a worker that sees the flag set is not ordered after
// main's writes of the configuration (a data race in C11, whatever the hardware).
// expect: cfg.scale RACE
// expect-race-at: cfg.scale 43 32
// expect: cfg.offset RACE
// expect-race-at: cfg.offset 44 32
// expect: go race-free
// expect: done race-free
// fixed-twin: value_atomic_handshake.c
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

struct config
{
  int scale;
  int offset;
};

static struct config cfg;
static atomic_int go;
static atomic_bool done;

static void *
worker (void *arg)
{
  (void) arg;
  while (!atomic_load_explicit (&go, memory_order_acquire))
    ;
  int v = cfg.scale * 10 + cfg.offset;
  atomic_exchange (&done, true);
  return (void *) (long) v;
}

int
main (void)
{
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  cfg.scale = 3;
  cfg.offset = 1;
  atomic_store_explicit (&go, 1, memory_order_relaxed);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  printf ("%d\n", atomic_load (&done));
  return 0;
}
