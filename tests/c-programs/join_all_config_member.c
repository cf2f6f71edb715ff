// The bound of both loops is a member of a static configuration struct whose label
// member's address is taken (strcpy, printf): no pointer reaches the count, so it
// keeps its value through the loops and the join loop joins every worker.
// expect: opts.name[] race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: opts.nthreads race-free
// expect: opts.rounds race-free
// expect: heap@join_all_config_member.c:49 race-free
// expect: stderr race-free
// expect: total race-free
// racy-twin: join_all_config_member_reached.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct settings
{
  char name[32];
  int nthreads;
  int rounds;
};

static struct settings opts;
static long total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
run (void *arg)
{
  long mine = 0;
  for (int r = 0; r < opts.rounds; r++)
    mine += (long) arg + r;
  pthread_mutex_lock (&total_lock);
  total += mine;
  pthread_mutex_unlock (&total_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  strcpy (opts.name, argc > 2 ? "custom" : "default");
  opts.nthreads = argc > 1 ? atoi (argv[1]) : 4;
  opts.rounds = 1000;
  if (opts.nthreads < 1 || opts.nthreads > 256)
    return 1;
  pthread_t *tid = calloc (opts.nthreads, sizeof *tid);
  if (!tid)
    return 1;
  for (int i = 0; i < opts.nthreads; i++)
    if (pthread_create (&tid[i], NULL, run, (void *) (long) i) != 0)
      {
        fprintf (stderr, "%s: cannot start thread %d\n", opts.name, i);
        exit (1);
      }
  for (int i = 0; i < opts.nthreads; i++)
    pthread_join (tid[i], NULL);
  printf ("%s: %ld\n", opts.name, total);
  free (tid);
  return 0;
}
