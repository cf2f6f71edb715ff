// A flag set through a block-scope `extern` declaration of the global: the starter
// thread writes `go = 1` in a block that declares `extern int go;`. That is the same
// object as the file's `int go;`, so the store counts among the flag's values, and
// the workers that see it set race on the data they both write.
// expect: go race-free
// expect: data RACE
// expect-race-at: data 31 31
#include <pthread.h>

int go;
static int data;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void *
starter (void *arg)
{
  extern int go;
  pthread_mutex_lock (&mu);
  go = 1;
  pthread_mutex_unlock (&mu);
  return arg;
}

static void *
worker (void *arg)
{
  pthread_mutex_lock (&mu);
  int seen = go == 1;
  pthread_mutex_unlock (&mu);
  if (seen)
    data++;
  return arg;
}

int
main (void)
{
  pthread_t s, a, b;
  pthread_create (&s, NULL, starter, NULL);
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  return 0;
}
