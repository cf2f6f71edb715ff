// The bound and the handle array are globals set up by functions main calls before the
// loops (configure () parses the options, setup () allocates the handles); nothing
// that runs while the workers run changes them.
// expect: hits race-free
// expect: nworkers race-free
// expect: workers race-free
// expect: heap@join_all_configured.c:41 race-free
// expect: argv[] race-free
// expect: argv strings race-free
// racy-twin: join_all_reconfigured.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int nworkers = 4;
static pthread_t *workers;
static pthread_mutex_t hits_lock = PTHREAD_MUTEX_INITIALIZER;
static long hits;

static void *
probe (void *arg)
{
  pthread_mutex_lock (&hits_lock);
  hits++;
  pthread_mutex_unlock (&hits_lock);
  return arg;
}

static void
configure (int argc, char **argv)
{
  if (argc > 1)
    nworkers = atoi (argv[1]);
  if (nworkers < 1)
    nworkers = 1;
}

static int
setup (void)
{
  workers = malloc (nworkers * sizeof *workers);
  return workers != NULL;
}

int
main (int argc, char **argv)
{
  configure (argc, argv);
  if (!setup ())
    return 1;
  for (int i = 0; i < nworkers; i++)
    pthread_create (&workers[i], NULL, probe, NULL);
  for (int i = 0; i < nworkers; i++)
    pthread_join (workers[i], NULL);
  printf ("%ld\n", hits);
  free (workers);
  return 0;
}
