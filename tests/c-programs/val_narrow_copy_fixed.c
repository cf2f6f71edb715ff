// Fixed twin of val_narrow_copy.c: the worker keeps its index in an int, which holds every
// index main hands out, so each worker owns its slot of partial[].
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@val_narrow_copy_fixed.c:29 race-free
// expect: partial[] race-free
// racy-twin: val_narrow_copy.c
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

static long partial[512];

static void *
worker (void *arg)
{
  int id = (int) (intptr_t) arg;
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
