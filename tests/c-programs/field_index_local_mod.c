// As field_index_local.c, but the pass stores `i % 2` in the slot: workers 0 and 2
// count into the same cell of hist.
// fixed-twin: field_index_local.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: local@main:tab[].slot race-free
// expect: local@main:tab[].name race-free
// expect: hist[] RACE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct
{
  unsigned slot;
  const char *name;
} arg_t;

static double hist[128];

static void *
count (void *p)
{
  unsigned s = ((arg_t *) p)->slot;
  for (int k = 0; k < 100; k++)
    hist[((arg_t *) p)->slot] += 0.5;
  hist[s] *= 2;
  return NULL;
}

int
main (int argc, char **argv)
{
  unsigned n = argc > 1 ? (unsigned) atoi (argv[1]) : 8;
  if (n > 128)
    n = 128;
  pthread_t th[128];
  arg_t tab[128];
  unsigned i = 0;
  while (i < n)
    {
      arg_t *a = &tab[i];
      a->slot = i % 2;
      a->name = argv[0];
      pthread_create (&th[i], NULL, count, a);
      i++;
    }
  for (unsigned j = 0; j < n; j++)
    pthread_join (th[j], NULL);
  printf ("%f\n", hist[0]);
  return 0;
}
