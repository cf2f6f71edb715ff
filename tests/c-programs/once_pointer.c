// pthread_once with an init routine reached through a pointer that main chooses
// before starting the workers: either routine may run, once, and each sets up the
// configuration the workers read afterwards.
// expect: config_init race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: limit race-free
// expect: mode race-free
// racy-twin: once_pointer_racy.c
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
