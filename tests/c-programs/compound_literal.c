// The address of a compound literal reaches a worker; main keeps updating it
// through its own pointer.
// expect: literal@compound_literal.c:21.hits RACE
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
  struct args *p;
  for (int i = 0; i < 2; i++)
    {
      p = &(struct args) { 0 };
      pthread_create (&t, NULL, worker, p);
      p->hits = 3;
    }
  return 0;
}
