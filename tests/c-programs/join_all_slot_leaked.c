// The racy twin of join_all_fields.c: each thread gets its own element and puts the
// handle of a helper thread it starts into it, so main's join loop joins the helpers
// and a worker may still add to the total while main prints it.
// expect: total RACE
// expect-race-at: total 58 35
// expect: heap@join_all_slot_leaked.c:44.tid RACE
// expect: heap@join_all_slot_leaked.c:44.id race-free
// known-gap: heap@join_all_slot_leaked.c:44.id RACE: main writes workers[i + 1].id while thread i reads its own element's, and an array is one location
// expect: heap@join_all_slot_leaked.c:44.weight race-free
// expect: argv[] race-free
// expect: argv strings race-free
// fixed-twin: join_all_fields.c
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

static void *helper (void *arg) { return arg; }

static void *
run (void *arg)
{
  struct worker *self = arg;
  pthread_create (&self->tid, NULL, helper, NULL);
  pthread_mutex_lock (&total_lock);
  total += self->id * 0.5;
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
      pthread_create (&workers[i].tid, NULL, run, &workers[i]);
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
