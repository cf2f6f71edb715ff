// A handshake through C11 atomics (stdatomic.h, whose calls GCC spells as statement
// expressions): main fills the configuration, then stores the go flag with release
// order; each worker spins on an acquire load of it and then reads the
// configuration. A second flag, done, is exchanged by the last worker the same way.
// expect: cfg.scale race-free
// expect: cfg.offset race-free
// expect: go race-free
// expect: done race-free
// racy-twin: value_atomic_relaxed.c
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
  atomic_store_explicit (&go, 1, memory_order_release);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  printf ("%d\n", atomic_load (&done));
  return 0;
}
