// The racy twin of join_all_configured.c: main calls configure () again between the
// loops, so the join loop may join fewer workers than were started.
// expect: hits RACE
// expect-race-at: hits 56 24
// expect: nworkers race-free
// expect: workers race-free
// expect: heap@join_all_reconfigured.c:41 race-free
// expect: argv[] race-free
// expect: argv strings race-free
// fixed-twin: join_all_configured.c
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
  configure (argc - 1, argv);
  for (int i = 0; i < nworkers; i++)
    pthread_join (workers[i], NULL);
  printf ("%ld\n", hits);
  free (workers);
  return 0;
}
