// Wait for all without join: detached workers each post the semaphore done once, at
// the end of their work; main creates n of them, then takes n tokens of done and reads
// the total. The workers' job has a semaphore of its own in the model: `joinall
// search, done` empties the places of workers that cannot have posted yet.
// expect: matches race-free
// expect: argv[] race-free
// expect: argv strings race-free
// racy-twin: wait_all_sem_early.c
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
