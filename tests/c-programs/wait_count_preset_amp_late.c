// RACY twin of wait_count_preset_amp.c: the worker counts a last match after it has
// taken itself off the active count (under the count's lock, but main reads without
// it), so main, done waiting, may read the count while the last worker still writes
// it. The race is that late write against main's read.
// expect: aworkers race-free
// expect: nworkers race-free
// expect: n_matches RACE
// expect-race-at: n_matches 52 68
// expect: argv[] race-free
// expect: argv strings race-free
// expect: stderr race-free
// fixed-twin: wait_count_preset_amp.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

void *worker (void *arg);

int nworkers = 2;
static int aworkers = 0;
static int n_matches;
static pthread_mutex_t aworker_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t aworker_cv = PTHREAD_COND_INITIALIZER;
static pthread_mutex_t matches_lock = PTHREAD_MUTEX_INITIALIZER;

int
main (int argc, char **argv)
{
  pthread_t tid;
  pthread_attr_t pab;
  int j, rc;

  if (argc > 1)
    nworkers = atoi (argv[1]);
  pthread_attr_init (&pab);
  aworkers = nworkers;
  j = 0;
  while (j < nworkers)
    {
      rc = pthread_create (&tid, &pab, &worker, (void *) 0);
      if (rc != 0)
        {
          fprintf (stderr, "%s: pthread_create: failed to create worker thread\n", argv[0]);
          exit (1);
        }
      j++;
    }
  pthread_mutex_lock (&aworker_lock);
  while (aworkers > 0)
    pthread_cond_wait (&aworker_cv, &aworker_lock);
  pthread_mutex_unlock (&aworker_lock);
  printf ("%d matches\n", n_matches);
  return n_matches;
}

void *
worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&matches_lock);
  n_matches++;
  pthread_mutex_unlock (&matches_lock);
  pthread_mutex_lock (&aworker_lock);
  aworkers--;
  pthread_mutex_unlock (&aworker_lock);
  pthread_cond_signal (&aworker_cv);
  pthread_mutex_lock (&matches_lock);
  n_matches++;
  pthread_mutex_unlock (&matches_lock);
  return NULL;
}
