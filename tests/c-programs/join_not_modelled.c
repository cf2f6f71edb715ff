// pthread_join is not modelled yet (documented over-approximation): main reads the
// result after joining the only worker, which is race-free in reality, but racefree
// reports it, with a warning saying why.
// expect: result RACE
// expect-stderr: warning: pthread_join is not modelled
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
