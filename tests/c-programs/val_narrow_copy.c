// A worker keeps its index in an unsigned char: with more than 256 workers, workers i and
// i + 256 get the same id and update the same slot. The thread's copy of its index must
// hold every value of the index's type to be the index (a narrowing copy is not).
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@val_narrow_copy.c:31 race-free
// expect: partial[] RACE
// expect-race-at: partial[] 21 21
// fixed-twin: val_narrow_copy_fixed.c
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

static long partial[512];

static void *
worker (void *arg)
{
  unsigned char id = (unsigned char) (intptr_t) arg;
  for (long k = 0; k < 100; k++)
    partial[id] += k;
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 300;
  if (n > 512)
    n = 512;
  pthread_t *t = malloc ((size_t) n * sizeof *t);
  if (t == NULL)
    return 1;
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], NULL, worker, (void *) (intptr_t) i);
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  free (t);
  return 0;
}
