// main's local escapes to the worker; main only writes it before the create.
// Locals that never escape (i, n) are thread-private and have no verdict.
// expect: local@main:total race-free
#include <pthread.h>

static void *worker (void *arg)
{
  int *p = arg;
  int n = *p;
  for (int i = 0; i < 3; i++)
    n += i;
  return (void *) (long) n;
}

int main (void)
{
  int total = 0;
  pthread_t t;
  total = 5;
  pthread_create (&t, NULL, worker, &total);
  return 0;
}
