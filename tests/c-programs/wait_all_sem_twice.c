// The racy twin of wait_all_sem.c: a worker posts done on an error path too and then
// again at its end, so n tokens can come from fewer than n workers.
// expect: matches RACE
// expect-race-at: matches 44 24
// expect: argv[] race-free
// expect: argv strings race-free
// fixed-twin: wait_all_sem.c
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>

static sem_t done;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long matches;

static void *
search (void *arg)
{
  long found = (long) arg % 3;
  if (found == 2)
    sem_post (&done);
  pthread_mutex_lock (&lock);
  matches += found;
  pthread_mutex_unlock (&lock);
  sem_post (&done);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  pthread_t tid;
  if (sem_init (&done, 0, 0) != 0)
    return 1;
  for (int i = 0; i < n; i++)
    {
      pthread_create (&tid, NULL, search, (void *) (long) i);
      pthread_detach (tid);
    }
  for (int i = 0; i < n; i++)
    sem_wait (&done);
  printf ("%ld\n", matches);
  sem_destroy (&done);
  return 0;
}
