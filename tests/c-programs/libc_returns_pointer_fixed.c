// strchr returns a pointer into its argument: a local buffer passed to it escapes
// when the result is kept. main only writes the buffer after joining the worker,
// which writes through the kept pointer.
// expect: local@main:buf[] race-free
// expect: gs race-free
#include <pthread.h>
#include <stddef.h>
#include <string.h>

char *gs;

static void *worker (void *arg)
{
  (void) arg;
  *gs = 'b';
  return NULL;
}

int main (void)
{
  pthread_t t;
  char buf[8] = "abc";
  gs = strchr (buf, 'a');
  pthread_create (&t, NULL, worker, NULL);
  pthread_join (t, NULL);
  buf[0] = 'c';
  return 0;
}
