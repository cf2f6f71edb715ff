// A module without main and without --entry: both entries take the lock.
// expect: level race-free
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int level;

void set_level (int v)
{
  pthread_mutex_lock (&m);
  level = v;
  pthread_mutex_unlock (&m);
}

int get_level (void)
{
  pthread_mutex_lock (&m);
  int v = level;
  pthread_mutex_unlock (&m);
  return v;
}
