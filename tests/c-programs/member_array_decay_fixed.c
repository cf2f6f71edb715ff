// An array member decays to a pointer into its struct: the worker writes s.vals[]
// through a global pointer; main only writes it before the worker starts.
// expect: s.vals[] race-free
// expect: gp race-free
#include <pthread.h>
#include <stddef.h>

struct { int vals[4]; } s;
int *gp;

static void *worker (void *arg)
{
  (void) arg;
  gp[1]++;
  return NULL;
}

int main (void)
{
  pthread_t t;
  gp = s.vals;
  s.vals[2]++;
  pthread_create (&t, NULL, worker, NULL);
  return 0;
}
