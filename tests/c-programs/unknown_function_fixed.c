// A call to a function without a body, serialised by a lock.
// expect: buf[] race-free
// expect-stderr: warning: call to 'external_fill', which has no body
#include <pthread.h>

extern void external_fill (char *dst, int n);
char buf[64];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  external_fill (buf, 64);
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
