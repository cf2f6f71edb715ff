// The racy twin of wait_all_sem_struct.c: the worker reports done before it adds to
// the sum.
// expect: sh.sum RACE
// expect-race-at: sh.sum 51 24
// expect: argv[] race-free
// expect: argv strings race-free
// fixed-twin: wait_all_sem_struct.c
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
  report_done ();
  pthread_mutex_lock (&sh.mu);
  sh.sum += (long) arg;
  pthread_mutex_unlock (&sh.mu);
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
  i = 0;
  while (i < n)
    {
      while (sem_wait (&sh.finished) != 0 && errno == EINTR)
        ;
      i++;
    }
  printf ("%ld\n", sh.sum);
  return 0;
}
