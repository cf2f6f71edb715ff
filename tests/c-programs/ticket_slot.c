// A per-thread slot chosen by an atomic ticket: each worker draws a slot number with
// atomic_fetch_add, which no other draw returns, and then owns results[me]. At most one
// draw of a run is the representative's index (the model's ticket$next_slot token).
// expect: results[] race-free
// expect: next_slot race-free
// expect: hits[] race-free
// racy-twin: ticket_slot_load_then_add.c
// racy-twin: ticket_slot_folded.c
#include <pthread.h>
#include <stdatomic.h>

#define NWORKERS 8

static atomic_int next_slot;
static long results[NWORKERS];
static int hits[NWORKERS];

static void *
worker (void *arg)
{
  long step = (long) arg;
  int me = atomic_fetch_add (&next_slot, 1);
  if (me >= NWORKERS)
    return NULL;
  for (long k = 0; k < 1000; k++)
    results[me] += k * step;
  hits[me]++;
  return NULL;
}

int
main (void)
{
  pthread_t t[NWORKERS];
  for (long i = 0; i < NWORKERS; i++)
    pthread_create (&t[i], NULL, worker, (void *) (i + 1));
  for (int i = 0; i < NWORKERS; i++)
    pthread_join (t[i], NULL);
  long sum = 0;
  for (int i = 0; i < NWORKERS; i++)
    sum += results[i] + hits[i];
  return sum > 0 ? 0 : 1;
}
