// A pointer laundered through a function without a body may come back as anything:
// its set stays a guess by type (here s1, s2 and external memory), never the argument
// alone. The workers update s1 under the lock but write through the laundered
// pointer without it; should launder return &s1, that is a race.
// expect: s1.n RACE
// expect: s2.n RACE
// expect: external memory RACE
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
  struct stats *p = launder (&s2);
  pthread_mutex_lock (&m);
  s1.n++;
  pthread_mutex_unlock (&m);
  p->n++;
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (int i = 0; i < 2; i++)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
