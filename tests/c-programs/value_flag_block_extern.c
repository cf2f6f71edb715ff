// A flag set through a block-scope `extern` declaration of the global: the starter
// thread writes `go = 1` in a block that declares `extern int go;`. That is the same
// object as the file's `int go;`, so the store counts among the flag's values (the
// workers wait while it is 0), and the workers that see it set race on the data they
// both write.
// expect: go race-free
// expect: data RACE
// expect-race-at: data 36 36
#include <pthread.h>

int go;
static int data;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t started = PTHREAD_COND_INITIALIZER;

static void *
starter (void *arg)
{
  extern int go;
  pthread_mutex_lock (&mu);
  go = 1;
  pthread_cond_broadcast (&started);
  pthread_mutex_unlock (&mu);
  return arg;
}

static void *
worker (void *arg)
{
  pthread_mutex_lock (&mu);
  while (go == 0)
    pthread_cond_wait (&started, &mu);
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
