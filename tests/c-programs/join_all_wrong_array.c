// The racy twin of join_all_struct.c: the join loop joins the handles of another
// array (never filled), not the workers'.
// expect: sum RACE
// expect-race-at: sum 57 36
// expect: argv[] race-free
// expect: argv strings race-free
// expect: config.nworkers race-free
// expect: config.verbose race-free
// expect: workers[].tid race-free
// expect: spares[].tid race-free
// fixed-twin: join_all_struct.c
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct worker {
  pthread_t tid;
  int id;
};

static struct {
  int nworkers;
  int verbose;
} config;

static struct worker workers[32], spares[32];
static pthread_mutex_t sum_lock = PTHREAD_MUTEX_INITIALIZER;
static long sum;

static void *
work (void *arg)
{
  long id = (long) (intptr_t) arg;
  pthread_mutex_lock (&sum_lock);
  sum += id;
  pthread_mutex_unlock (&sum_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  config.nworkers = argc > 1 ? atoi (argv[1]) : 3;
  config.verbose = argc > 2;
  if (config.nworkers > 32)
    config.nworkers = 32;
  for (int i = 0; i < config.nworkers; i++)
    if (pthread_create (&workers[i].tid, NULL, work, (void *) (intptr_t) i) != 0)
      {
        perror ("pthread_create");
        exit (1);
      }
  for (int i = 0; i < config.nworkers; i++)
    pthread_join (spares[i].tid, NULL);
  if (config.verbose)
    printf ("sum %ld\n", sum);
  return 0;
}
