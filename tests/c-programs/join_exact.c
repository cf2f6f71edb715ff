// pthread_join, exact: main reads the result after joining the only worker, so the
// write and the read never overlap. The handle t is only set by pthread_create and
// joined once, so racefree models the join exactly (the worker's end posts a token
// that the join takes).
// expect: result race-free
#include <pthread.h>

int result;

static void *worker (void *arg)
{
  (void) arg;
  result = 42;
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  return result;
}
