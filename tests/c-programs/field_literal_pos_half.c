// As field_literal_pos.c, but two workers get each id (`i / 2`): both add their sum
// into one cell of main's vector.
// fixed-twin: field_literal_pos.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@field_literal_pos_half.c:46 race-free
// expect: heap@field_literal_pos_half.c:47.id race-free
// expect: heap@field_literal_pos_half.c:47.lo race-free
// expect: heap@field_literal_pos_half.c:47.hi race-free
// expect: heap@field_literal_pos_half.c:47.out race-free
// expect: heap@field_literal_pos_half.c:48 RACE
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
      struct targ *a = &args[i];
      *a = (struct targ) { i / 2, i * per, (i + 1) * per, sums };
      pthread_create (&t[i], NULL, work, a);
    }
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  long tot = 0;
  for (int i = 0; i < n; i++)
    tot += sums[i];
  printf ("%ld\n", tot);
  return 0;
}
