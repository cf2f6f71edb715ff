// The fixed twin of unknown_returns_pointer.c: the update through the pointer the
// function without a body returns is made under a lock, whatever it denotes.
// expect: external memory race-free
// expect: shared_counter race-free
// expect-stderr: warning: call to 'get_counter', which has no body: assumed to touch no shared memory except by reading and writing what its pointer arguments point to
// racy-twin: unknown_returns_pointer.c
#include <pthread.h>
#include <stddef.h>

int shared_counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
extern int *get_counter (void);

static void *worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  int *p = get_counter ();
  *p = *p + 1;
  pthread_mutex_unlock (&m);
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
