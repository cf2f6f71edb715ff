// A thread's index handed to a recursive helper that calls itself with the next index:
// fill (id, 1) writes partial[id] and then partial[id + 1], so workers id and id + 1
// both write partial[id + 1]. A parameter stands for its argument only where a call
// cannot come back to the same code with another argument: the recursive call does,
// so partial[i] is not split by thread there (racefree before this test proved
// partial[] race-free).
// fixed-twin: val_helper_index_recursive_fixed.c
// expect: partial[] RACE
// expect-race-at: partial[] 20 20
#include <pthread.h>
#include <stdint.h>

#define NT 4

static int partial[NT + 1];

static void
fill (int i, int depth)
{
  partial[i] += 1;
  if (depth > 0)
    fill (i + 1, depth - 1);
}

static void *
work (void *arg)
{
  int id = (int) (intptr_t) arg;
  fill (id, 1);
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
