// Struct fields, each updated under the struct's own lock.
// expect: stats.reads race-free
// expect: stats.writes race-free
#include <pthread.h>

struct stats { int reads; int writes; pthread_mutex_t lock; };
struct stats stats = { 0, 0, PTHREAD_MUTEX_INITIALIZER };

static void *reader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&stats.lock);
  stats.reads++;
  stats.writes++;
  pthread_mutex_unlock (&stats.lock);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, reader, NULL);
  return 0;
}
