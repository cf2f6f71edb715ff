// pthread_join, read too early: main reads the result before the join, while the
// worker may still be writing it.
// expect: result RACE
// fixed-twin: join_exact.c
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
  int r;
  pthread_create (&t, NULL, worker, NULL);
  r = result;
  pthread_join (t, NULL);
  return r;
}
