// strtol's end pointer points into its first argument: a local buffer parsed with
// it escapes once the end pointer is kept. The worker writes through the kept
// pointer while main writes the buffer: a race.
// expect: local@main:buf[] RACE
// expect: rest race-free
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

char *rest;

static void *worker (void *arg)
{
  (void) arg;
  *rest = '\0';
  return NULL;
}

int main (void)
{
  pthread_t t;
  char buf[16] = "12 apples";
  char *end;
  long n = strtol (buf, &end, 10);
  rest = end;
  pthread_create (&t, NULL, worker, NULL);
  buf[0] = '3';
  pthread_join (t, NULL);
  return (int) n;
}
