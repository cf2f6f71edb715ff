// A file name YAML must quote (':', '#', a blank): main and one thread write x.
// expect: x RACE
#include <pthread.h>

int x;

static void *
writer (void *arg)
{
  (void) arg;
  x = 1;
  return NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, writer, NULL);
  x = 2;
  pthread_join (t, NULL);
  return 0;
}
