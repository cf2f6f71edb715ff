// The create loop's index is an unsigned char while the bound may be 300: the index
// wraps round at 256 and the loop hands element 0 out again, to a second thread
// writing it. A narrow index is never taken to give each pass its own element.
// expect: acc[] RACE
// expect-race-at: acc[] 19 19
// expect: argv[] race-free
// expect: argv strings race-free
// fixed-twin: elem_narrow_index_fixed.c
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
  for (unsigned char i = 0; i < n; i++)
    {
      pthread_create (&t, NULL, work, &acc[i]);
      pthread_detach (t);
    }
  return 0;
}
