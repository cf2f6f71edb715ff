// The fixed twin of unlock_ambiguous.c: the locker writes the data while it holds
// `a` and unlocks `a` by name, so no unlock may denote several mutexes.
// expect: data race-free
// racy-twin: unlock_ambiguous.c
#include <pthread.h>

int data;
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

static void *locker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&a);
  data = 1;
  pthread_mutex_unlock (&a);
  return NULL;
}

static void *reader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&a);
  int v = data;
  pthread_mutex_unlock (&a);
  return (void *) (long) v;
}

int main (int argc, char **argv)
{
  pthread_t t;
  (void) argv;
  (void) argc;
  pthread_create (&t, NULL, locker, NULL);
  pthread_create (&t, NULL, reader, NULL);
  return 0;
}
