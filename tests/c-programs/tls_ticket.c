// A ticket kept in a thread-local: each worker draws its slot once, at its start, with an
// atomic add, and the functions it calls count into hist[slot]. No two draws get the same
// slot, and in the rest of the thread the slot does not change (one statement sets it).
// expect: next race-free
// expect: hist[] race-free
// racy-twin: tls_ticket_reset.c
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
