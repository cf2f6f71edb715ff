// Like owned_scratch_alias.c, but every task is a copy of a template whose scratch
// buffer was allocated once: the assignment puts one buffer in every task, and the
// sieves race on it. A field that is copied with its struct owns nothing.
// fixed-twin: owned_scratch_alias.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: local@main:tasks[].limit race-free
// expect: local@main:tasks[].sieve race-free
// expect: local@main:tasks[].found race-free
// expect: heap@owned_scratch_template.c:55 RACE
// expect-race-at: heap@owned_scratch_template.c:55 33 33
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXT 16

struct task
{
  long limit;
  unsigned char *sieve;
  long found;
};

static void *
count_primes (void *arg)
{
  struct task *t = arg;
  unsigned char *s = t->sieve;
  long found = 0;

  for (long k = 0; k < t->limit; k++)
    s[k] = k >= 2;
  for (long k = 2; k * k < t->limit; k++)
    if (s[k])
      for (long m = k * k; m < t->limit; m += k)
        s[m] = 0;
  for (long k = 0; k < t->limit; k++)
    found += s[k];
  t->found = found;
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  pthread_t th[MAXT];
  struct task tasks[MAXT], tmpl;

  if (n < 1 || n > MAXT)
    return 2;
  tmpl.limit = 10000;
  tmpl.found = 0;
  tmpl.sieve = malloc (10000);
  if (!tmpl.sieve)
    return 1;
  for (int i = 0; i < n; i++)
    {
      tasks[i] = tmpl;
      tasks[i].limit = 10000L * (i + 1) / n;
      pthread_create (&th[i], NULL, count_primes, &tasks[i]);
    }
  for (int i = 0; i < n; i++)
    pthread_join (th[i], NULL);
  for (int i = 0; i < n; i++)
    printf ("below %ld: %ld primes\n", tasks[i].limit, tasks[i].found);
  free (tmpl.sieve);
  return 0;
}
