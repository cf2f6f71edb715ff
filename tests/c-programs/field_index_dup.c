// As field_index.c, but main gives two workers each id (`args[i].id = i / 2`): two
// workers write `results[a->id]` and `counts[id]` at the same index.
// fixed-twin: field_index.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: local@main:args[].id race-free
// expect: local@main:args[].seed race-free
// expect: results[] RACE
// expect: counts[] RACE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXW 64

struct worker_arg
{
  int id;
  unsigned seed;
};

static long results[MAXW];
static int counts[MAXW];

static void *
worker (void *p)
{
  struct worker_arg *a = p;
  int id = a->id;
  long acc = 0;
  for (unsigned k = 0; k < 1000; k++)
    acc += (long) ((a->seed * 31u + k) % 7u);
  results[a->id] = acc;
  counts[id]++;
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  if (n < 1 || n > MAXW)
    return 1;
  pthread_t tids[MAXW];
  struct worker_arg args[MAXW];
  for (int i = 0; i < n; i++)
    {
      args[i].id = i / 2;
      args[i].seed = (unsigned) (i * 7 + 1);
      if (pthread_create (&tids[i], NULL, worker, &args[i]) != 0)
        return 1;
    }
  for (int i = 0; i < n; i++)
    pthread_join (tids[i], NULL);
  long total = 0;
  for (int i = 0; i < n; i++)
    total += results[i] + counts[i];
  printf ("%ld\n", total);
  return 0;
}
