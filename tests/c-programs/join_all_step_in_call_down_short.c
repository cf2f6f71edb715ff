// Racy twin of join_all_step_in_call_down.c: the count-down stops at 1 (`i > 1`),
// so the thread in slot 0 is never joined and may still count while main prints.
// fixed-twin: join_all_step_in_call_down.c
// expect: done RACE
// expect-race-at: done 36 18
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long done;
static pthread_mutex_t done_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
task (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&done_lock);
  done++;
  pthread_mutex_unlock (&done_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  (void) argv;
  pthread_t th[32];
  int n = argc * 4;
  if (n > 32)
    n = 32;
  for (int i = 0; i < n; i++)
    pthread_create (&th[i], NULL, task, NULL);
  int i = n;
  while (i > 1)
    pthread_join (th[--i], NULL);
  printf ("%lu\n", done);
  return 0;
}
