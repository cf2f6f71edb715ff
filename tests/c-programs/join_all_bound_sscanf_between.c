// RACY twin of join_all_bound_sscanf.c: main parses the count again between the loops
// (from an environment variable), so the join loop may join fewer threads than the
// create loop started, and a thread may still add to the sum while main reads it.
// expect: nthreads race-free
// expect: sum RACE
// expect-race-at: sum 27 47
// expect: handles[] race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: getenv() state race-free
// fixed-twin: join_all_bound_sscanf.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_THREADS 32

unsigned nthreads = 4;
long sum;
static pthread_t handles[MAX_THREADS];
static pthread_mutex_t sum_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
add (void *arg)
{
  pthread_mutex_lock (&sum_lock);
  sum += (long) arg;
  pthread_mutex_unlock (&sum_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  for (int a = 1; a < argc; a++)
    if (argv[a][0] == '-' && argv[a][1] == 'n' && sscanf (argv[a] + 2, "%u", &nthreads) != 1)
      return 2;
  if (nthreads > MAX_THREADS)
    nthreads = MAX_THREADS;
  for (unsigned i = 0; i < nthreads; i++)
    pthread_create (&handles[i], NULL, add, (void *) (long) i);
  const char *again = getenv ("NTHREADS");
  if (again)
    sscanf (again, "%u", &nthreads);
  for (unsigned i = 0; i < nthreads; i++)
    pthread_join (handles[i], NULL);
  printf ("%ld\n", sum);
  return 0;
}
