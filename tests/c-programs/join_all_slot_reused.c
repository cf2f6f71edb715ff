// The racy twin of join_all_vla.c: every thread's handle goes to the same slot, so the
// join loop joins the last thread again and again, not the others.
// expect: total RACE
// expect-race-at: total 35 20
// expect: argv strings race-free
// expect: argv[] race-free
// fixed-twin: join_all_vla.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
unsigned long total;

static void *
add_one (void *unused)
{
  (void) unused;
  pthread_mutex_lock (&total_lock);
  total += 1;
  pthread_mutex_unlock (&total_lock);
  return NULL;
}

int
main (int argc, char *argv[])
{
  unsigned nthreads = (unsigned) strtoul (argc > 1 ? argv[1] : "8", NULL, 10);
  pthread_t tids[nthreads];
  unsigned i;
  for (i = 0; i < nthreads; ++i)
    pthread_create (&tids[0], NULL, add_one, NULL);
  for (i = 0; i < nthreads; i += 1)
    pthread_join (tids[i], NULL);
  printf ("total %lu\n", total);
  return 0;
}
