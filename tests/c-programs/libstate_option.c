// --no-library-state: calls of library functions with hidden state do not access it
// (for a C library that makes them thread-safe), so the workers' unlocked calls of
// rand, strtok and localtime race on nothing. What the
// program reads through localtime's result is still an access of the state's
// location, which no call writes any more.
// args: --no-library-state
// expect: count race-free
// expect: localtime() state race-free
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
long count;

static void *
worker (void *arg)
{
  time_t now = time (NULL);
  struct tm *tm = localtime (&now);
  long r = rand () + tm->tm_sec;
  char *tok = strtok (NULL, " ");
  pthread_mutex_lock (&lock);
  count += r + (tok != NULL) + (arg != NULL);
  pthread_mutex_unlock (&lock);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  for (int i = 0; i < 2; i++)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
