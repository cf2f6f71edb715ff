// A static local is one object shared by every thread that runs the function.
// expect: static@next_id:id RACE
#include <pthread.h>

static int next_id (void)
{
  static int id;
  return id++;
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
