// A pointer returned by a function without a body may denote memory the program never
// names, or any global with external linkage: two threads writing through it race on
// "external memory" and on the external global. (Dropping those accesses would be
// unsound: it would prove this program race-free.)
// expect: external memory RACE
// expect: shared_counter RACE
// expect-stderr: warning: call to 'get_counter', which has no body: assumed to touch no shared memory except by reading and writing what its pointer arguments point to
#include <pthread.h>
#include <stddef.h>

int shared_counter;
extern int *get_counter (void);

static void *worker (void *arg)
{
  (void) arg;
  int *p = get_counter ();
  *p = *p + 1;
  return NULL;
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, worker, NULL);
  pthread_create (&b, NULL, worker, NULL);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
