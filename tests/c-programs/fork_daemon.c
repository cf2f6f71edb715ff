// A daemon: main forks, the parent exits, the child goes on, starts the workers and
// joins them. racefree follows the child as main going on (warning); the workers'
// counter is under a mutex.
// expect: served race-free
// racy-twin: fork_daemon_unlocked.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static unsigned long served;

static void *
serve (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&mu);
  served++;
  pthread_mutex_unlock (&mu);
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
