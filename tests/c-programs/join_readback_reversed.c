// As join_readback.c, but main reads the elements in the reverse order of its joins:
// after joining worker 0 it reads the element of worker n - 1, which may still run.
// fixed-twin: join_readback.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: local@main:w[].seed race-free
// expect: local@main:w[].sum RACE
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
      total += w[n - 1 - i].sum;
      printf ("worker %d: %ld\n", i, w[n - 1 - i].sum);
    }
  printf ("%ld\n", total);
  return 0;
}
