// The fixed twin of unlock_unknown.c: the writer writes while it holds `m` and
// unlocks it itself; no mutex is handed to a function without a body.
// expect: data race-free
// racy-twin: unlock_unknown.c
#include <pthread.h>


int data;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *writer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  data = 1;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *reader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  int v = data;
  pthread_mutex_unlock (&m);
  return (void *) (long) v;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, writer, NULL);
  pthread_create (&t, NULL, reader, NULL);
  return 0;
}
