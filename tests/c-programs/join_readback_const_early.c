// As join_readback_const.c, but main adds each element's count of popped items in
// before it joins the thread that updates it.
// fixed-twin: join_readback_const.c
// expect: local@main:args[].self race-free
// expect: local@main:args[].popped RACE
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
      total += args[t].popped;
      pthread_join (tids[t], NULL);
      dropped += args[t].dropped;
      t++;
    }
  printf ("%ld %d\n", total, dropped);
  return 0;
}
