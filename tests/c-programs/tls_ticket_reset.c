// Racy twin of tls_ticket.c: a worker that has counted enough folds its slot back to 0,
// which another worker may own.
// expect: next race-free
// expect: hist[] RACE
// expect-race-at: hist[] 19 19
// fixed-twin: tls_ticket.c
#include <pthread.h>

#define MAXT 16

static unsigned next;
static _Thread_local unsigned slot;
static long hist[MAXT];

static void
count (long v)
{
  if (slot < MAXT)
    hist[slot] += v;
  if (v > 90)
    slot = 0;
}

static void *
worker (void *arg)
{
  (void) arg;
  slot = __atomic_fetch_add (&next, 1u, __ATOMIC_RELAXED);
  for (long v = 0; v < 100; v++)
    count (v);
  return NULL;
}

int
main (void)
{
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
