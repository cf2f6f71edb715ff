// The racy twin of join_all_global.c: a worker lowers the global bound, so main's
// join loop may stop early (and the bound itself races).
// expect: hits RACE
// expect-race-at: hits 44 27
// expect: nthreads RACE
// expect: argv[] race-free
// expect: argv strings race-free
// expect: threads[] race-free
// fixed-twin: join_all_global.c
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_THREADS 64

pthread_t threads[MAX_THREADS];
int nthreads;
pthread_mutex_t hits_lock = PTHREAD_MUTEX_INITIALIZER;
long hits;

static void *
run (void *arg)
{
  intptr_t id = (intptr_t) arg;
  pthread_mutex_lock (&hits_lock);
  hits += id;
  pthread_mutex_unlock (&hits_lock);
  if (id == 0)
    nthreads = 1;
  return NULL;
}

int
main (int argc, char **argv)
{
  nthreads = argc > 1 ? atoi (argv[1]) : 2;
  if (nthreads > MAX_THREADS)
    nthreads = MAX_THREADS;
  for (int i = 0; i < nthreads; i++)
    pthread_create (&threads[i], NULL, run, (void *) (intptr_t) i);
  for (int i = 0; i < nthreads; i++)
    pthread_join (threads[i], NULL);
  printf ("%ld\n", hits);
  return 0;
}
