// The lock pointer only ever holds ma (its points-to set has one object), so locking
// through it excludes the second worker, which locks ma by name. By type alone it
// could be either mutex, and no exclusion would be assumed.
// expect: data race-free
// expect: pick race-free
#include <pthread.h>
#include <stddef.h>

pthread_mutex_t ma = PTHREAD_MUTEX_INITIALIZER, mb = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t *pick;
int data;

static void *first (void *arg)
{
  (void) arg;
  pthread_mutex_lock (pick);
  data++;
  pthread_mutex_unlock (pick);
  return NULL;
}

static void *second (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&ma);
  data++;
  pthread_mutex_unlock (&ma);
  return NULL;
}

int main (int argc, char **argv)
{
  pthread_t t;
  pthread_mutex_t *other = &mb;
  (void) argc;
  (void) argv;
  pthread_mutex_lock (other);
  pthread_mutex_unlock (other);
  pick = &ma;
  pthread_create (&t, NULL, first, NULL);
  pthread_create (&t, NULL, second, NULL);
  return 0;
}
