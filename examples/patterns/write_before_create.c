// Pattern: write before create — main fills in the configuration, then starts the workers
// that read it.
// expect: config.verbose race-free
// expect: config.limit race-free
// why: pthread_create happens after every write main made before it, and nobody writes the
//   configuration after the first worker starts; the workers only read it.
// racy-twin: write_after_create.c
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
  config.verbose = argc > 1;
  config.limit = 10;
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
