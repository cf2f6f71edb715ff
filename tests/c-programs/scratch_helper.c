// Each worker sorts a copy of its slice in a scratch buffer it allocates through a
// wrapper and hands to helpers of the program, which only read and write through it:
// the buffer never leaves its worker.
// racy-twin: scratch_helper_kept.c
// expect: data[] race-free
// expect: medians[] race-free
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

static int
middle (const int *a, size_t n)
{
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
  free (scratch);
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
