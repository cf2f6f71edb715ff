// Recursion: the helper recurses on another node, so its parameter is not bound to
// one argument and the lock through it may denote several mutexes (no exclusion).
// expect: a.v RACE
// expect: b.v RACE
// expect-stderr: warning: lock 'n->m' may denote several mutexes: no mutual exclusion assumed
#include <pthread.h>

struct node { pthread_mutex_t m; int v; };
struct node a = { PTHREAD_MUTEX_INITIALIZER, 0 }, b = { PTHREAD_MUTEX_INITIALIZER, 0 };

static void visit (struct node *n, int d)
{
  pthread_mutex_lock (&n->m);
  n->v++;
  pthread_mutex_unlock (&n->m);
  if (d > 0)
    visit (&b, d - 1);
}

static void *worker (void *arg)
{
  (void) arg;
  visit (&a, 1);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
