// As ticket_load_after.c, but the worker that draws slot 1 resets the counter: a
// later draw gets slot 0 or 1 again and fills a cell another worker fills.
// fixed-twin: ticket_load_after.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: next_slot race-free
// expect: tally[] RACE
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXW 16

static atomic_uint next_slot;
static unsigned tally[MAXW];

static void *
draw (void *unused)
{
  (void) unused;
  unsigned me = atomic_fetch_add (&next_slot, 1u);
  if (me == 1)
    atomic_store (&next_slot, 0u);
  if (me >= MAXW)
    return NULL;
  for (unsigned k = 0; k < 100; k++)
    tally[me] += k % 3;
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  if (n < 1 || n > MAXW)
    n = 4;
  pthread_t th[MAXW];
  for (int i = 0; i < n; i++)
    pthread_create (&th[i], NULL, draw, NULL);
  for (int i = 0; i < n; i++)
    pthread_join (th[i], NULL);
  unsigned drawn = atomic_load (&next_slot);
  printf ("%u %u %u\n", drawn, (unsigned) next_slot, tally[0]);
  return 0;
}
