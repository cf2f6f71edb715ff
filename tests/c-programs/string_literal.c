// String literals are read-only: threads reading one never race, and it is no
// location at all. The pointer to it is a global that main changes while workers
// read it: that races.
// expect: greeting RACE
// expect: total race-free
// fixed-twin: string_literal_fixed.c
#include <pthread.h>
#include <string.h>

const char *greeting = "hello";
static size_t total;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  size_t n = strlen (greeting);
  char c = greeting[0];
  pthread_mutex_lock (&m);
  total += n + (size_t) c;
  pthread_mutex_unlock (&m);
  return arg;
}

int main (void)
{
  pthread_t t;
  for (int i = 0; i < 2; i++)
    pthread_create (&t, NULL, worker, NULL);
  greeting = "bye";
  return 0;
}
