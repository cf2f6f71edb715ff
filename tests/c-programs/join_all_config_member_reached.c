// As join_all_config_member.c, but a pointer reaches the count too, and the first
// worker lowers it through that pointer: main's join loop may then stop one short,
// and the last worker still adds when main reads the total.
// expect: opts.name[] race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: opts.nthreads RACE
// expect-race-at: opts.nthreads 58 42
// expect: opts.rounds race-free
// expect: heap@join_all_config_member_reached.c:55 race-free
// expect: stderr race-free
// expect: total RACE
// expect-race-at: total 66 40
// expect: live_count race-free
// fixed-twin: join_all_config_member.c
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
static int *live_count = &opts.nthreads;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
run (void *arg)
{
  long mine = 0;
  for (int r = 0; r < opts.rounds; r++)
    mine += (long) arg + r;
  pthread_mutex_lock (&total_lock);
  total += mine;
  if (arg == NULL)
    (*live_count)--;
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
