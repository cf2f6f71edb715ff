// The workers index `out` by the id in their argument struct, but main copies a
// template over the first struct after starting the workers: worker 0 may read
// id 1 and write `out[1]` with worker 1.
// fixed-twin: field_index.c
// expect: local@main:args[].id RACE
// expect: local@main:args[].scale RACE
// expect: out[] RACE
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define NW 4

struct arg
{
  int id;
  int scale;
};

static int out[NW];

static void *
work (void *p)
{
  const struct arg *a = p;
  out[a->id] = a->scale * 2;
  return NULL;
}

int
main (void)
{
  pthread_t t[NW];
  struct arg args[NW];
  const struct arg tmpl = { 1, 3 };
  for (int i = 0; i < NW; i++)
    {
      args[i].id = i;
      args[i].scale = 1;
      pthread_create (&t[i], NULL, work, &args[i]);
    }
  memcpy (&args[0], &tmpl, sizeof tmpl);
  for (int i = 0; i < NW; i++)
    pthread_join (t[i], NULL);
  printf ("%d\n", out[0]);
  return 0;
}
