// The workers index `out` by their argument's `slot`, which main sets to the loop's
// index before each create, but a worker also moves its own slot on (`a->slot++`)
// before writing: worker 0 then writes out[1] with worker 1.
// fixed-twin: field_index.c
// expect: local@main:args[].slot race-free
// expect: out[] RACE
#include <pthread.h>
#include <stdio.h>

#define NW 4

struct arg
{
  int slot;
};

static int out[NW + 1];

static void *
work (void *p)
{
  struct arg *a = p;
  a->slot++;
  out[a->slot] = 1;
  return NULL;
}

int
main (void)
{
  pthread_t t[NW];
  struct arg args[NW];
  for (int i = 0; i < NW; i++)
    {
      args[i].slot = i;
      pthread_create (&t[i], NULL, work, &args[i]);
    }
  for (int i = 0; i < NW; i++)
    pthread_join (t[i], NULL);
  printf ("%d\n", out[0]);
  return 0;
}
