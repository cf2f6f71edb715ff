// The number of threads is a global parsed from the command line with sscanf, which
// writes it through the pointer it is given and keeps no copy: once the option parsing
// is done, nothing can change it, so the join loop bounded by it joins every thread
// the create loop started.
// expect: nthreads race-free
// expect: sum race-free
// expect: handles[] race-free
// expect: argv[] race-free
// expect: argv strings race-free
// racy-twin: join_all_bound_sscanf_between.c
#include <pthread.h>
#include <stdio.h>

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
  for (unsigned i = 0; i < nthreads; i++)
    pthread_join (handles[i], NULL);
  printf ("%ld\n", sum);
  return 0;
}
