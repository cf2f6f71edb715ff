// The address of a compound literal reaches a worker; main sets it only before
// the worker starts (one literal: in a loop it would be a summary of several).
// expect: literal@compound_literal_fixed.c:18.hits race-free
#include <pthread.h>

struct args { int hits; };

static void *worker (void *arg)
{
  struct args *a = arg;
  a->hits++;
  return NULL;
}

int main (void)
{
  pthread_t t;
  struct args *p = &(struct args) { 0 };
  p->hits = 3;
  pthread_create (&t, NULL, worker, p);
  return 0;
}
