// A static local updated under a lock.
// expect: static@next_id:id race-free
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static int next_id (void)
{
  static int id;
  pthread_mutex_lock (&m);
  int r = id++;
  pthread_mutex_unlock (&m);
  return r;
}

static void *worker (void *arg)
{
  (void) arg;
  return (void *) (long) next_id ();
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  return 0;
}
