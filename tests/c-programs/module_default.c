// A module without main and without --entry: every non-static function with a body
// is an entry that any number of threads call concurrently; the unlocked reader
// races with the locked writer.
// expect: level RACE
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
  return level;
}
