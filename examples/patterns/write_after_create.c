// Pattern: write after create — main starts the workers first and fills in the
// configuration afterwards.
// expect: config.verbose RACE
// expect: config.limit RACE
// why: a worker may already be reading config.limit / config.verbose while main writes them.
// fixed-twin: write_before_create.c
#include <pthread.h>
#include <stdio.h>

struct config
{
  int verbose;
  int limit;
};

static struct config config;

static void *worker (void *arg)
{
  long id = (long) arg;
  for (int i = 0; i < config.limit; i++)
    if (config.verbose)
      printf ("worker %ld: step %d\n", id, i);
  return NULL;
}

int main (int argc, char **argv)
{
  (void) argv;
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  config.verbose = argc > 1;
  config.limit = 10;
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
