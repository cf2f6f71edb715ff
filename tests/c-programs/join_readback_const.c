// A fixed number of workers, each given its own element of `args` and joined through
// a separate array of handles in a while loop; main reads each element's counters right
// after the join of its thread.
// racy-twin: join_readback_const_early.c
// expect: local@main:args[].self race-free
// expect: local@main:args[].popped race-free
// expect: local@main:args[].dropped race-free
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 4

struct thread_arg
{
  int self;
  long popped;
  int dropped;
};

static void *
shuffle (void *p)
{
  struct thread_arg *a = p;
  for (int k = 0; k < 100; k++)
    {
      if ((k + a->self) % 7 == 0)
        a->dropped++;
      else
        a->popped += k;
    }
  return NULL;
}

int
main (void)
{
  struct thread_arg args[NTHREADS];
  pthread_t tids[NTHREADS];
  long total = 0;
  int dropped = 0, t;
  for (t = 0; t < NTHREADS; t++)
    {
      args[t] = (struct thread_arg) { .self = t };
      pthread_create (&tids[t], NULL, shuffle, &args[t]);
    }
  t = 0;
  while (t < NTHREADS)
    {
      pthread_join (tids[t], NULL);
      total += args[t].popped;
      dropped += args[t].dropped;
      t++;
    }
  printf ("%ld %d\n", total, dropped);
  return 0;
}
