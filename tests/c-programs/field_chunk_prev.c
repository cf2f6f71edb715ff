// Each span's end is computed from its start, read back from the element the pass
// has just set (`sp[i].end = sp[i].start + chunk`), the last span taking the rest of
// the calloc'ed vector; the vector reaches the workers through a pointer field.
// racy-twin: field_chunk_prev_long.c field_chunk_prev_moved.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: local@main:sp[].start race-free
// expect: local@main:sp[].end race-free
// expect: local@main:sp[].v race-free
// expect: heap@field_chunk_prev.c:37 race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct span
{
  long start, end;
  double *v;
};

static void *
fill (void *p)
{
  struct span *s = p;
  for (long k = s->start; k < s->end; k++)
    s->v[k] = k * 0.5;
  return NULL;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1000;
  const int nt = 4;
  if (n < nt)
    return 1;
  double *v = calloc ((size_t) n, sizeof *v);
  if (!v)
    return 1;
  pthread_t t[4];
  struct span sp[4];
  long chunk = n / nt;
  for (int i = 0; i < nt; i++)
    {
      sp[i].start = i * chunk;
      sp[i].end = (i == nt - 1) ? n : sp[i].start + chunk;
      sp[i].v = v;
      pthread_create (&t[i], NULL, fill, &sp[i]);
    }
  for (int i = 0; i < nt; i++)
    pthread_join (t[i], NULL);
  printf ("%f\n", v[n - 1]);
  free (v);
  return 0;
}
