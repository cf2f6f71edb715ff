// Recursion with one global lock around the whole traversal: exclusion holds even
// though the per-node locks are not resolved.
// expect: a.v race-free
// expect: b.v race-free
#include <pthread.h>

struct node { int v; };
struct node a, b;
pthread_mutex_t big = PTHREAD_MUTEX_INITIALIZER;

static void visit (struct node *n, int d)
{
  n->v++;
  if (d > 0)
    visit (&b, d - 1);
}

static void *worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&big);
  visit (&a, 1);
  pthread_mutex_unlock (&big);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
