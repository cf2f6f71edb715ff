// Wait for all without join: the wait loop counts down from n to 1, as many passes as
// the create loop's 0 to n - 1.
// expect: sh.sum race-free
// expect: argv[] race-free
// expect: argv strings race-free
// racy-twin: wait_all_sem_down_short.c
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>

struct shared { sem_t finished; pthread_mutex_t mu; long sum; };
static struct shared sh;

static void report_done (void) { sem_post (&sh.finished); }

static void *
work (void *arg)
{
  pthread_mutex_lock (&sh.mu);
  sh.sum += (long) arg;
  pthread_mutex_unlock (&sh.mu);
  report_done ();
  return NULL;
}

int
main (int argc, char **argv)
{
  unsigned n = argc > 1 ? (unsigned) atoi (argv[1]) : 3;
  pthread_mutex_init (&sh.mu, NULL);
  sem_init (&sh.finished, 0, 0);
  unsigned i = 0;
  while (i < n)
    {
      pthread_t t;
      if (pthread_create (&t, NULL, work, (void *) (long) i) != 0)
        exit (1);
      pthread_detach (t);
      i++;
    }
  for (unsigned k = n; k > 0; k--)
    sem_wait (&sh.finished);
  printf ("%ld\n", sh.sum);
  return 0;
}
