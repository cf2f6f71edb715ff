// A pointer written as an integer through a union and read back as a pointer: the
// analysis cannot follow the integer, so the union's pointer stays a guess by type
// (every address-taken struct counter), never nothing. The worker bumps b.n through
// it while main writes b.n: a race.
// expect: b.n RACE
// expect: a.n RACE
// expect: u race-free
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

struct counter { int n; };
struct counter a, b;
union { uintptr_t bits; struct counter *p; } u;

static void *worker (void *arg)
{
  (void) arg;
  u.p->n++;
  return NULL;
}

int main (void)
{
  pthread_t t;
  struct counter *pa = &a;
  u.bits = (uintptr_t) &b;
  pthread_create (&t, NULL, worker, NULL);
  b.n = pa->n;
  return 0;
}
