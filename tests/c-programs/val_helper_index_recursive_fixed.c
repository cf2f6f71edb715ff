// Fixed twin of val_helper_index_recursive.c: the recursion runs on the depth alone
// (weight () calls itself), and the index reaches fill () by a call that cannot come
// back with another index, so fill's i stands for the worker's id and each worker
// writes its own partial[id].
// expect: partial[] race-free
// racy-twin: val_helper_index_recursive.c
#include <pthread.h>
#include <stdint.h>

#define NT 4

static int partial[NT + 1];

static int
weight (int depth)
{
  return depth > 0 ? 2 * weight (depth - 1) : 1;
}

static void
fill (int i, int depth)
{
  partial[i] += weight (depth);
}

static void *
work (void *arg)
{
  int id = (int) (intptr_t) arg;
  fill (id, 3);
  return NULL;
}

int
main (void)
{
  pthread_t t[NT];
  for (int i = 0; i < NT; i++)
    pthread_create (&t[i], NULL, work, (void *) (intptr_t) i);
  for (int i = 0; i < NT; i++)
    pthread_join (t[i], NULL);
  return 0;
}
