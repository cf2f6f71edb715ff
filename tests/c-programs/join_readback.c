// Each worker fills its own element of main's array (its handle kept in the element
// too); main joins the workers one by one and reads each element's result right after
// joining the thread that wrote it, while the later workers still run.
// racy-twin: join_readback_early.c join_readback_reversed.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: local@main:w[].seed race-free
// expect: local@main:w[].sum race-free
// expect: local@main:w[].tid race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXW 32

struct worker
{
  pthread_t tid;
  unsigned seed;
  long sum;
};

static void *
run (void *arg)
{
  struct worker *w = arg;
  long s = 0;
  for (int k = 0; k < 1000; k++)
    s += rand_r (&w->seed) % 10;
  w->sum = s;
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  struct worker w[MAXW];
  long total = 0;
  if (n < 1 || n > MAXW)
    return 1;
  for (int i = 0; i < n; i++)
    {
      w[i].seed = 17u * (unsigned) i + 1u;
      w[i].sum = 0;
      if (pthread_create (&w[i].tid, NULL, run, &w[i]) != 0)
        return 1;
    }
  for (int i = 0; i < n; i++)
    {
      pthread_join (w[i].tid, NULL);
      total += w[i].sum;
      printf ("worker %d: %ld\n", i, w[i].sum);
    }
  printf ("%ld\n", total);
  return 0;
}
