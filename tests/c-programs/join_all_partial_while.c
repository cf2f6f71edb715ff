// A pool in the style of many servers: the workers' handles in an array of structs,
// started by a `while` loop that keeps the create's result in `rc` and stops at the
// first failure, then joined counting down from where it stopped (the join loop goes
// on with the create loop's index). Each worker fills in the result of its own
// element; main sums the results after the joins.
// expect: pool[].tid race-free
// expect: pool[].id race-free
// expect: pool[].result race-free
// expect: nworkers race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: stderr race-free
// racy-twin: join_all_partial_while_short.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_WORKERS 64

struct worker
{
  pthread_t tid;
  int id;
  long result;
};

static struct worker pool[MAX_WORKERS];
static int nworkers = 4;

static void *
run (void *arg)
{
  struct worker *w = arg;
  w->result = (long) w->id * w->id;
  return NULL;
}

int
main (int argc, char **argv)
{
  if (argc > 1)
    nworkers = atoi (argv[1]);
  if (nworkers < 0 || nworkers > MAX_WORKERS)
    return 2;
  int i = 0;
  while (i < nworkers)
    {
      pool[i].id = i;
      int rc = pthread_create (&pool[i].tid, NULL, run, &pool[i]);
      if (rc != 0)
        {
          fprintf (stderr, "pthread_create: %d\n", rc);
          break;
        }
      i++;
    }
  while (i-- > 0)
    pthread_join (pool[i].tid, NULL);
  long sum = 0;
  for (int k = 0; k < nworkers; k++)
    sum += pool[k].result;
  printf ("%ld\n", sum);
  return 0;
}
