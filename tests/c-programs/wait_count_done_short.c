// As wait_count_done.c, but main waits for one worker fewer than it created: the
// last may still add to the histogram when main prints it.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: finished race-free
// expect: hist[] RACE
// expect-race-at: hist[] 56 32
// fixed-twin: wait_count_done.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define BINS 16

static pthread_mutex_t hist_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t all_finished = PTHREAD_COND_INITIALIZER;
static unsigned finished;
static unsigned long hist[BINS];

static void *
sample (void *arg)
{
  unsigned seed = (unsigned) (unsigned long) arg;
  unsigned long local[BINS] = { 0 };
  for (int k = 0; k < 4096; k++)
    {
      seed = seed * 1103515245u + 12345u;
      local[(seed >> 16) % BINS]++;
    }
  pthread_mutex_lock (&hist_lock);
  for (int b = 0; b < BINS; b++)
    hist[b] += local[b];
  finished += 1;
  pthread_cond_signal (&all_finished);
  pthread_mutex_unlock (&hist_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  unsigned nworkers = argc > 1 ? (unsigned) atoi (argv[1]) : 4;
  pthread_t t;
  finished = 0;
  for (unsigned w = 0; w < nworkers; w++)
    {
      if (pthread_create (&t, NULL, sample, (void *) (unsigned long) w) != 0)
        exit (1);
      pthread_detach (t);
    }
  pthread_mutex_lock (&hist_lock);
  while (finished < nworkers - 1)
    pthread_cond_wait (&all_finished, &hist_lock);
  pthread_mutex_unlock (&hist_lock);
  for (int b = 0; b < BINS; b++)
    printf ("%2d %lu\n", b, hist[b]);
  return 0;
}
