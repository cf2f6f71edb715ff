// Like chunk_last_rest_dyn.c, but the create loop runs once more (`i <= nworkers`):
// workers nworkers - 1 and nworkers both take the chunk from their start to the end,
// and those meet.
// fixed-twin: chunk_last_rest_dyn.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: nworkers race-free
// expect: values[] RACE
// expect-race-at: values[] 29 29
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NVALUES 5000
#define MAXW 16

static long values[NVALUES];
static int nworkers;

static void *
square (void *arg)
{
  long me = (long) (intptr_t) arg;
  long chunk = NVALUES / nworkers;
  long end = me >= nworkers - 1 ? NVALUES : (me + 1) * chunk;

  for (long k = me * chunk; k < end; k++)
    values[k] = values[k] * values[k];
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t[MAXW + 1];
  long total = 0;

  nworkers = argc > 1 ? atoi (argv[1]) : 4;
  if (nworkers < 1 || nworkers > MAXW)
    return 2;
  for (long k = 0; k < NVALUES; k++)
    values[k] = k % 13;
  for (int i = 0; i <= nworkers; i++)
    pthread_create (&t[i], NULL, square, (void *) (intptr_t) i);
  for (int i = 0; i <= nworkers; i++)
    pthread_join (t[i], NULL);
  for (long k = 0; k < NVALUES; k++)
    total += values[k];
  printf ("%ld\n", total);
  return 0;
}
