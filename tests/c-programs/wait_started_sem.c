// Detached workers that may fail to start: main counts the ones it started in
// `nstarted` (after each create that succeeded; a failed create ends the loop) and
// then takes one token of `done` per started worker; each worker posts `done` once
// at its end.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: stderr race-free
// expect: sum race-free
// racy-twin: wait_started_sem_skip.c
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>

static sem_t done;
static pthread_mutex_t sum_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long long sum;

static void *
square_range (void *arg)
{
  unsigned long base = (unsigned long) arg * 1000;
  unsigned long long s = 0;
  for (unsigned long v = base; v < base + 1000; v++)
    s += (unsigned long long) v * v;
  pthread_mutex_lock (&sum_lock);
  sum += s;
  pthread_mutex_unlock (&sum_lock);
  sem_post (&done);
  return NULL;
}

int
main (int argc, char **argv)
{
  unsigned long nworkers = argc > 1 ? strtoul (argv[1], NULL, 10) : 4;
  unsigned long nstarted = 0;
  pthread_attr_t attr;

  sem_init (&done, 0, 0);
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  for (unsigned long w = 0; w < nworkers; ++w)
    {
      pthread_t tid;
      int rc = pthread_create (&tid, &attr, square_range, (void *) w);
      if (rc)
        {
          fprintf (stderr, "worker %lu: error %d\n", w, rc);
          break;
        }
      ++nstarted;
    }
  pthread_attr_destroy (&attr);
  for (unsigned long k = 0; k < nstarted; k++)
    sem_wait (&done);
  printf ("%lu workers: %llu\n", nstarted, sum);
  return 0;
}
