// The pool's size is a field of a configuration struct, handed by value to both
// helpers; the handles are a global array; the create helper reports failure with
// false and main's `if (!start_pool (...))` ends the program.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: pool[] race-free
// expect: work_done race-free
// racy-twin: join_param_config_changed.c
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_WORKERS 64

struct config
{
  int verbose;
  unsigned nworkers;
};

static pthread_t pool[MAX_WORKERS];
static unsigned long work_done;
static pthread_mutex_t work_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
worker_main (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&work_lock);
  work_done += 10;
  pthread_mutex_unlock (&work_lock);
  return NULL;
}

static bool
start_pool (unsigned nworkers)
{
  unsigned k;
  for (k = 0; k < nworkers; ++k)
    if (pthread_create (&pool[k], NULL, worker_main, NULL))
      return false;
  return true;
}

static void
wait_pool (unsigned nworkers)
{
  for (unsigned k = 0; k != nworkers; k++)
    pthread_join (pool[k], NULL);
}

int
main (int argc, char **argv)
{
  struct config conf = { 0, 4 };
  if (argc > 1)
    conf.nworkers = (unsigned) atoi (argv[1]);
  if (conf.nworkers > MAX_WORKERS)
    conf.nworkers = MAX_WORKERS;
  if (!start_pool (conf.nworkers))
    {
      perror ("start_pool");
      exit (EXIT_FAILURE);
    }
  wait_pool (conf.nworkers);
  printf ("%lu\n", work_done);
  return 0;
}
