// strchr returns a pointer into its argument: a local buffer passed to it escapes
// when the result is kept (it stayed private, and the worker's write was dropped).
// The worker writes through the kept pointer while main writes the buffer: a race.
// expect: local@main:buf[] RACE
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
  buf[0] = 'c';
  pthread_join (t, NULL);
  return 0;
}
