// As fork_daemon.c, but the workers step the counter without the mutex: in the child
// process, the daemon, they race.
// expect: served RACE
// expect-race-at: served 17 17
// fixed-twin: fork_daemon.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static unsigned long served;

static void *
serve (void *arg)
{
  (void) arg;
  served++;   /* without the mutex */
  return NULL;
}

int
main (void)
{
  pid_t pid = fork ();
  if (pid < 0)
    return 1;
  if (pid > 0)
    exit (0);   /* the parent */
  setsid ();
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, serve, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  printf ("%lu\n", served);
  return 0;
}
