// The creates behind a helper, the joins in main: start_workers () fills a global array
// of handles, main joins them in its own loop and then reads what the workers summed.
// expect: sum race-free
// expect: count race-free
// expect: handles[] race-free
// expect: argv[] race-free
// expect: argv strings race-free
// racy-twin: join_helpers_mixed_racy.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX 128

static pthread_t handles[MAX];
static size_t count;
static pthread_mutex_t sum_lock = PTHREAD_MUTEX_INITIALIZER;
static double sum;

static void *
add_one (void *p)
{
  pthread_mutex_lock (&sum_lock);
  sum += 1.0;
  pthread_mutex_unlock (&sum_lock);
  return p;
}

static void
start_workers (void)
{
  size_t k;
  for (k = 0; k < count; k++)
    pthread_create (handles + k, NULL, add_one, NULL);
}

int
main (int argc, char **argv)
{
  count = argc > 1 ? strtoul (argv[1], NULL, 10) : 16;
  if (count > MAX)
    count = MAX;
  start_workers ();
  size_t k;
  for (k = 0; k < count; k++)
    pthread_join (handles[k], NULL);
  printf ("%f\n", sum);
  return 0;
}
