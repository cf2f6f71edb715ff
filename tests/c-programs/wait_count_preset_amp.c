// The file scanner's spelling of a preset count (pfscan): the count of active workers
// is set to the number of workers, the workers are started in a `while` loop with
// `&worker` as the start routine (an error ends the program), and each worker takes
// itself off under a lock and signals after unlocking. Main reads the match count
// after waiting while any worker is active, without the lock.
// expect: aworkers race-free
// expect: nworkers race-free
// expect: n_matches race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: stderr race-free
// racy-twin: wait_count_preset_amp_late.c
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
  return NULL;
}
