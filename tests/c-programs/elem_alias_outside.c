// Racy twin of elem_alias_local.c: the pointer is taken once before the loop, so
// every thread is handed the same job while main fills it in again for the next.
// expect: static@main:jobs[].first RACE
// expect-race-at: static@main:jobs[].first 25 42
// expect: static@main:jobs[].len RACE
// expect: static@main:jobs[].sum RACE
// expect: argv[] race-free
// expect: argv strings race-free
// fixed-twin: elem_alias_local.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job
{
  int first, len;
  unsigned long sum;
};

static void *
run_job (void *p)
{
  struct job *jb = p;
  unsigned long h = 0;
  for (int k = jb->first; k < jb->first + jb->len; k++)
    h = h * 31 + (unsigned) k;
  jb->sum = h;
  return NULL;
}

int
main (int argc, char **argv)
{
  static struct job jobs[16];
  pthread_t th[16];
  int n = argc > 1 ? atoi (argv[1]) : 4, i;
  if (n < 0 || n > 16)
    n = 16;
  struct job *j = &jobs[i = 0];
  for (i = 0; i < n; i++)
    {
      j->first = i * 100;
      j->len = 100;
      pthread_create (&th[i], NULL, run_job, j);
    }
  for (i = 0; i < n; i++)
    pthread_join (th[i], NULL);
  for (i = 0; i < n; i++)
    printf ("%d: %lx\n", i, jobs[i].sum);
  return 0;
}
