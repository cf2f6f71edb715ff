// A pointer laundered through a function without a body may come back as anything
// (its set stays a guess by type: s1, s2 and external memory); the workers call it
// and write through the result under the same lock as s1.
// expect: s1.n race-free
// expect: s2.n race-free
// expect: external memory race-free
// expect-stderr: warning: call to 'launder', which has no body
#include <pthread.h>
#include <stddef.h>

struct stats { int n; };
struct stats s1, s2;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

extern void *launder (void *p);

static void *worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  struct stats *p = launder (&s2);
  s1.n++;
  p->n++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (int i = 0; i < 2; i++)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
