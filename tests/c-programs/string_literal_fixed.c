// The fixed twin of string_literal.c: main chooses the greeting before it starts the
// workers; the literal itself is read by every worker and never races.
// expect: greeting race-free
// expect: total race-free
// racy-twin: string_literal.c
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
  greeting = "bye";
  for (int i = 0; i < 2; i++)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
