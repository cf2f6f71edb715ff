// Each worker is handed its index as a value and writes results[id]; main joins the
// workers in order and adds each result in right after joining the worker that wrote it.
// racy-twin: val_join_readback_early.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: results[] race-free
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXW 64

static long results[MAXW];

static void *
work (void *arg)
{
  intptr_t id = (intptr_t) arg;
  long s = 0;
  for (int k = 0; k < 1000; k++)
    s += (k * id) % 7;
  results[id] = s;
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  if (n < 1 || n > MAXW)
    return 1;
  pthread_t t[MAXW];
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], NULL, work, (void *) (intptr_t) i);
  long total = 0;
  for (int i = 0; i < n; i++)
    {
      pthread_join (t[i], NULL);
      total += results[i];
    }
  printf ("%ld\n", total);
  return 0;
}
