// -I reaches the preprocessor: the locked increment comes from a header found only
// through the include directory the options name; the accesses are cited in it.
// args: -Itests/c-programs/parts
// expect: hits race-free
#include <counter_ops.h>

long hits;
pthread_mutex_t hits_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  count_hit ();
  return arg;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
}
