// Racy twin of join_all_continued_index.c: the join loop stops one short (`i-- > 1`),
// so the first thread is never joined and may still count while main prints.
// fixed-twin: join_all_continued_index.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: hits RACE
// expect-race-at: hits 41 20
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long hits;
static pthread_mutex_t hits_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
probe (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&hits_lock);
  hits++;
  pthread_mutex_unlock (&hits_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  if (n > 64)
    n = 64;
  pthread_t tid[64];
  int i = 0;
  while (i < n)
    {
      if (pthread_create (&tid[i], NULL, probe, NULL) != 0)
        exit (1);
      i++;
    }
  while (i-- > 1)
    pthread_join (tid[i], NULL);
  printf ("%ld\n", hits);
  return 0;
}
