// The handles in a global array and the bound a global main sets from its arguments
// before the loops (no other function writes it); a thread id through the argument.
// expect: hits race-free
// expect: nthreads race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: threads[] race-free
// racy-twin: join_all_global_written.c
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
