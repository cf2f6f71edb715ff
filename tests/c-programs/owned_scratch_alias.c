// main gives each task (an element of an array of structs) a scratch buffer it has just
// allocated; the task reads the pointer into a local once and works through that. Each
// buffer is held by one task only, so the sieves do not race.
// racy-twin: owned_scratch_template.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: local@main:tasks[].limit race-free
// expect: local@main:tasks[].sieve race-free
// expect: local@main:tasks[].found race-free
// expect: heap@owned_scratch_alias.c:54 race-free
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
  struct task tasks[MAXT];

  if (n < 1 || n > MAXT)
    return 2;
  for (int i = 0; i < n; i++)
    {
      unsigned char *buf = malloc (10000 * (size_t) (i + 1));
      if (!buf)
        {
          perror ("malloc");
          exit (1);
        }
      tasks[i].limit = 10000L * (i + 1);
      tasks[i].sieve = buf;
      tasks[i].found = 0;
      pthread_create (&th[i], NULL, count_primes, &tasks[i]);
    }
  for (int i = 0; i < n; i++)
    pthread_join (th[i], NULL);
  for (int i = 0; i < n; i++)
    {
      printf ("below %ld: %ld primes\n", tasks[i].limit, tasks[i].found);
      free (tasks[i].sieve);
    }
  return 0;
}
