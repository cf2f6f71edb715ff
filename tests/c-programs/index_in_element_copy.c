// Each thread is handed a pointer to its own cell of main's `ids`, which holds the
// create loop's index, and uses it through a copy of its parameter, `out[*id]`,
// without reading it into a local first.
// racy-twin: index_in_element_copy_half.c
// expect: local@main:ids[] race-free
// expect: out[] race-free
#include <pthread.h>
#include <stdio.h>

#define NT 6

static unsigned long out[NT];

static void *
run (void *arg)
{
  const int *id = arg;
  unsigned long acc = 0;
  for (unsigned long n = 1; n < 1000; n++)
    acc += n % (unsigned long) (*id + 2);
  out[*id] = acc;
  return NULL;
}

int
main (void)
{
  pthread_t th[NT];
  int ids[NT];
  for (int k = 0; k < NT; k++)
    {
      ids[k] = k;
      pthread_create (&th[k], NULL, run, &ids[k]);
    }
  for (int k = 0; k < NT; k++)
    pthread_join (th[k], NULL);
  unsigned long s = 0;
  for (int k = 0; k < NT; k++)
    s += out[k];
  printf ("%lu\n", s);
  return 0;
}
