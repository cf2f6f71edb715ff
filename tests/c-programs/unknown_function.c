// A call to a function without a body: warned about, assumed to read and write what
// its pointer arguments point to (here the shared buffer, so two callers race).
// expect: buf[] RACE
// expect-stderr: warning: call to 'external_fill', which has no body: assumed to touch no shared memory except by reading and writing what its pointer arguments point to
#include <pthread.h>

extern void external_fill (char *dst, int n);
char buf[64];

static void *worker (void *arg)
{
  (void) arg;
  external_fill (buf, 64);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
