// As scratch_helper.c, but the helper keeps the buffer it was given in a global, and a
// worker reads the first element of whichever buffer was kept last, which another worker
// may be sorting.
// fixed-twin: scratch_helper.c
// expect: data[] race-free
// expect: medians[] race-free
// expect: last_sorted RACE
// expect: heap@scratch_helper_kept.c:57 race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NW 4
#define PER 256

static int data[NW * PER];
static int medians[NW];

static void *
xmalloc (size_t n)
{
  void *p = malloc (n);
  if (!p)
    abort ();
  return p;
}

static void
sort_ints (int *a, size_t n)
{
  for (size_t i = 1; i < n; i++)
    {
      int key = a[i];
      size_t j = i;
      while (j > 0 && a[j - 1] > key)
        {
          a[j] = a[j - 1];
          j--;
        }
      a[j] = key;
    }
}

static const int *last_sorted;

static int
middle (const int *a, size_t n)
{
  last_sorted = a;
  return a[n / 2];
}

static void *
worker (void *arg)
{
  int id = (int) (long) arg;
  int *scratch = xmalloc (PER * sizeof *scratch);
  for (size_t k = 0; k < PER; k++)
    scratch[k] = data[(size_t) id * PER + k];
  sort_ints (scratch, PER);
  medians[id] = middle (scratch, PER);
  if (last_sorted && id > 0)
    medians[id] += last_sorted[0];
  return NULL;
}

int
main (void)
{
  pthread_t t[NW];
  for (int i = 0; i < NW * PER; i++)
    data[i] = (i * 7919) % 1000;
  for (long i = 0; i < NW; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < NW; i++)
    pthread_join (t[i], NULL);
  for (int i = 0; i < NW; i++)
    printf ("%d\n", medians[i]);
  return 0;
}
