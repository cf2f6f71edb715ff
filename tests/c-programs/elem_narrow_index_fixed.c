// Fixed twin of elem_narrow_index.c: the index is an int, so each pass has its own
// element and the bound is checked against the array, one thread per element.
// racy-twin: elem_narrow_index.c
// expect: acc[] race-free
// expect: argv[] race-free
// expect: argv strings race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long acc[256];

static void *
work (void *arg)
{
  long *a = arg;
  *a += 1;
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 300;
  pthread_t t;
  if (n > 256)
    n = 256;
  for (int i = 0; i < n; i++)
    {
      pthread_create (&t, NULL, work, &acc[i]);
      pthread_detach (t);
    }
  return 0;
}
