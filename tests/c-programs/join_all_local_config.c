// The bound a field of a local configuration struct main fills from its arguments,
// the handles in a fixed-size local array; the workers publish through a global under
// the lock.
// expect: best race-free
// expect: argv[] race-free
// expect: argv strings race-free
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t best_lock = PTHREAD_MUTEX_INITIALIZER;
static long best = -1;

static void *
search (void *arg)
{
  long mine = (long) (intptr_t) arg * 7 % 13;
  pthread_mutex_lock (&best_lock);
  if (mine > best)
    best = mine;
  pthread_mutex_unlock (&best_lock);
  return NULL;
}

struct options {
  int jobs;
  const char *name;
};

int
main (int argc, char **argv)
{
  struct options opt = { 4, "search" };
  pthread_t tid[16];
  if (argc > 1)
    opt.jobs = atoi (argv[1]);
  if (opt.jobs > 16)
    opt.jobs = 16;
  for (int i = 0; i < opt.jobs; i++)
    pthread_create (&tid[i], NULL, search, (void *) (intptr_t) i);
  for (int i = 0; i < opt.jobs; i++)
    pthread_join (tid[i], NULL);
  printf ("%s: %ld\n", opt.name, best);
  return 0;
}
