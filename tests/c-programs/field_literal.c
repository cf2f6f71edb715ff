// Each pass fills its element of a malloc'ed argument array with one compound literal
// (designated initialisers): the worker's id, its chunk of `sq`, and main's calloc'ed
// vector of sums, which it indexes by its id.
// racy-twin: field_literal_overlap.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@field_literal.c:47 race-free
// expect: heap@field_literal.c:48.id race-free
// expect: heap@field_literal.c:48.lo race-free
// expect: heap@field_literal.c:48.hi race-free
// expect: heap@field_literal.c:48.out race-free
// expect: heap@field_literal.c:49 race-free
// expect: sq[] race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct targ
{
  int id;
  long lo, hi;
  long *out;
};

static long sq[4096];

static void *
work (void *p)
{
  struct targ *a = p;
  long s = 0;
  for (long k = a->lo; k < a->hi; k++)
    {
      sq[k] = k * k;
      s += sq[k];
    }
  a->out[a->id] = s;
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  if (n < 1 || n > 64)
    return 1;
  pthread_t *t = malloc ((size_t) n * sizeof *t);
  struct targ *args = malloc ((size_t) n * sizeof *args);
  long *sums = calloc ((size_t) n, sizeof *sums);
  if (!t || !args || !sums)
    return 1;
  long per = 4096 / n;
  for (int i = 0; i < n; i++)
    {
      args[i] = (struct targ) { .id = i, .lo = i * per, .hi = (i + 1) * per, .out = sums };
      pthread_create (&t[i], NULL, work, &args[i]);
    }
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  long tot = 0;
  for (int i = 0; i < n; i++)
    tot += sums[i];
  printf ("%ld\n", tot);
  return 0;
}
