// Racy twin of once_pointer.c: the large configuration's routine also sets `limit`
// again after the once has run (a second, plain call of it from the workers), so it
// writes while other workers read.
// expect: config_init race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: limit RACE
// expect-race-at: limit 28 38
// expect: mode RACE
// fixed-twin: once_pointer.c
#include <pthread.h>
#include <string.h>

static pthread_once_t config_once = PTHREAD_ONCE_INIT;
static int limit, mode;
static void (*config_init) (void);

static void
config_small (void)
{
  limit = 16;
  mode = 1;
}

static void
config_large (void)
{
  limit = 4096;
  mode = 2;
}

static void *
worker (void *arg)
{
  long n = 0;
  (void) arg;
  pthread_once (&config_once, config_init);
  if (limit > 1024)
    config_large ();
  for (int i = 0; i < limit; i++)
    n += mode;
  return (void *) n;
}

int
main (int argc, char **argv)
{
  pthread_t t[3];
  config_init = argc > 1 && strcmp (argv[1], "large") == 0 ? config_large : config_small;
  for (int i = 0; i < 3; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 3; i++)
    pthread_join (t[i], NULL);
  return 0;
}
