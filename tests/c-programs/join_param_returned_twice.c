// As join_param_returned.c, but main starts a second pool (spare) and never joins
// it: its workers still run when main reads the count.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_param_returned_twice.c:33 race-free
// expect: stderr race-free
// expect: hits RACE
// expect-race-at: hits 68 24
// fixed-twin: join_param_returned.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long hits;
static pthread_mutex_t hits_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
probe (void *arg)
{
  (void) arg;
  for (int k = 0; k < 100; k++)
    {
      pthread_mutex_lock (&hits_lock);
      hits++;
      pthread_mutex_unlock (&hits_lock);
    }
  return NULL;
}

static pthread_t *
workers_start (unsigned count, void *(*fn) (void *))
{
  pthread_t *handles = malloc (count * sizeof (pthread_t));
  if (handles == NULL)
    {
      perror ("malloc");
      exit (1);
    }
  for (unsigned i = 0; i < count; i++)
    if (pthread_create (&handles[i], NULL, fn, NULL) != 0)
      {
        fputs ("workers_start: cannot create thread\n", stderr);
        exit (1);
      }
  return handles;
}

static void
workers_join (pthread_t *handles, unsigned count)
{
  unsigned i = count;
  while (i-- > 0)
    pthread_join (handles[i], NULL);
  free (handles);
}

int
main (int argc, char **argv)
{
  unsigned count = 4;
  if (argc == 2)
    count = (unsigned) strtoul (argv[1], NULL, 0);
  if (count == 0)
    count = 1;
  pthread_t *h = workers_start (count, probe);
  pthread_t *spare = workers_start (count, probe);
  workers_join (h, count);
  printf ("%ld hits\n", hits);
  free (spare);
  return 0;
}
