// A line directive naming a device: what follows is "in /dev/zero", so that is where
// every location of the program lies. The front end reads the files line markers name
// for carets, and the HTML report the files locations name; neither may read a device
// (/dev/zero never ends: racefree used to hang here, then run out of memory). Workers
// only read what main wrote before creating them.
// expect: config race-free
#include <pthread.h>
#line 1 "/dev/zero"
int config;

static void *
worker (void *arg)
{
  return (void *) (long) config;
}

int
main (void)
{
  pthread_t t;
  config = 42;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
