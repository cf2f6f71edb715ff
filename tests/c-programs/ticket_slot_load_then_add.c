// Racy twin of ticket_slot.c: the slot is read, then the counter bumped, in two atomic
// steps, so two workers can read the same slot number.
// expect: results[] RACE
// expect: next_slot race-free
// expect: hits[] RACE
// expect-race-at: results[] 26 26
// fixed-twin: ticket_slot.c
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
  int me = atomic_load (&next_slot);
  atomic_fetch_add (&next_slot, 1);
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
