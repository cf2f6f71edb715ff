// An array member decays to a pointer into its struct: the struct's address is
// taken (it was not, and accesses through the pointer could find no object). The
// worker writes s.vals[] through a global pointer while main writes it: a race.
// expect: s.vals[] RACE
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
  pthread_create (&t, NULL, worker, NULL);
  s.vals[2]++;
  return 0;
}
