// Access through a pointer: a helper writes *p for p = &shared, another thread reads it.
// expect: shared RACE
// expect: other race-free
#include <pthread.h>

int shared;
int other;

static void bump (int *p)
{
  *p = *p + 1;
}

static void *writer (void *arg)
{
  (void) arg;
  bump (&shared);
  return NULL;
}

static void *reader (void *arg)
{
  (void) arg;
  return (void *) (long) (shared + other);
}

int main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, writer, NULL);
  pthread_create (&b, NULL, reader, NULL);
  return 0;
}
