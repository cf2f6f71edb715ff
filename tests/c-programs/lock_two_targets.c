// The lock pointer may hold either of two mutexes (its points-to set has two objects),
// so locking through it gives no exclusion: with pick == &mb, the first worker and the
// second (which locks ma by name) update data at once. A true race, still reported.
// expect: data RACE
// expect: pick race-free
// expect-stderr: warning: lock 'pick' may denote several mutexes: no mutual exclusion assumed
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
  (void) argv;
  pick = argc > 1 ? &ma : &mb;
  pthread_create (&t, NULL, first, NULL);
  pthread_create (&t, NULL, second, NULL);
  return 0;
}
