// Each worker gets its own element of a variable-length array of structs (&w[i]),
// reads its range from it and writes its result into it; main fills each element in
// before creating its thread, joins them all, then adds up the results. A race on
// w[] would need two threads on one element: each pass of the create loop has its own
// index, so the element given in one pass is given in no other.
// expect: local@main:w[].lo race-free
// expect: local@main:w[].hi race-free
// expect: local@main:w[].sum race-free
// expect: argv[] race-free
// expect: argv strings race-free
// racy-twin: elem_vla_result_neighbour.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct part
{
  long lo, hi;
  long sum;
};

static void *
add_up (void *arg)
{
  struct part *p = arg;
  long s = 0;
  for (long k = p->lo; k < p->hi; k++)
    s += k;
  p->sum = s;
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  if (n < 1 || n > 64)
    return 1;
  pthread_t tid[n];
  struct part w[n];
  for (int i = 0; i < n; i++)
    {
      w[i].lo = 1000L * i;
      w[i].hi = 1000L * (i + 1);
      pthread_create (&tid[i], NULL, add_up, &w[i]);
    }
  for (int i = 0; i < n; i++)
    pthread_join (tid[i], NULL);
  long total = 0;
  for (int i = 0; i < n; i++)
    total += w[i].sum;
  printf ("%ld\n", total);
  return 0;
}
