// Create loop, then join loop, over an array of structs whose other members the
// create loop fills in first (workers[i].id = i) and main reads back between and
// after the loops; the threads get their index, not their element.
// expect: total race-free
// expect: heap@join_all_fields.c:39.tid race-free
// expect: heap@join_all_fields.c:39.id race-free
// expect: heap@join_all_fields.c:39.weight race-free
// expect: argv[] race-free
// expect: argv strings race-free
// racy-twin: join_all_slot_leaked.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct worker
{
  pthread_t tid;
  int id;
  double weight;
};

static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
static double total;

static void *
run (void *arg)
{
  long id = (long) arg;
  pthread_mutex_lock (&total_lock);
  total += id * 0.5;
  pthread_mutex_unlock (&total_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  struct worker *workers = malloc (n * sizeof *workers);
  if (!workers)
    return 1;
  for (int i = 0; i < n; i++)
    {
      workers[i].id = i;
      workers[i].weight = 1.0 / (i + 1);
      pthread_create (&workers[i].tid, NULL, run, (void *) (long) workers[i].id);
    }
  double w = 0;
  for (int i = 0; i < n; i++)
    w += workers[i].weight;
  for (int i = 0; i < n; i++)
    pthread_join (workers[i].tid, NULL);
  printf ("%f %f\n", total, w);
  free (workers);
  return 0;
}
