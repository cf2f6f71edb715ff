// As field_chunk_obj.c, but each range but the last ends one past the next one's start
// (`lo + chunk + 1`): neighbouring workers both scale that cell.
// fixed-twin: field_chunk_obj.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: data[] RACE
// expect: heap@field_chunk_obj_overlap.c:45 race-free
// expect: heap@field_chunk_obj_overlap.c:53.lo race-free
// expect: heap@field_chunk_obj_overlap.c:53.hi race-free
// expect: heap@field_chunk_obj_overlap.c:53.scale race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define LEN 100000

struct range
{
  size_t lo, hi;
  double scale;
};

static double data[LEN];

static void *
scale_range (void *p)
{
  struct range *r = (struct range *) p;
  size_t k = r->lo;
  while (k < r->hi)
    {
      data[k] = data[k] * r->scale + 1.0;
      k++;
    }
  free (r);
  return NULL;
}

int
main (int argc, char **argv)
{
  size_t nworkers = argc > 1 ? (size_t) atoi (argv[1]) : 4;
  if (nworkers < 1 || nworkers > 256)
    return 1;
  pthread_t *t = malloc (nworkers * sizeof *t);
  if (!t)
    return 1;
  size_t chunk = LEN / nworkers;
  for (size_t i = 0; i < LEN; i++)
    data[i] = (double) i;
  for (size_t i = 0; i < nworkers; i++)
    {
      struct range *r = malloc (sizeof *r);
      if (!r)
        return 1;
      size_t lo = i * chunk;
      r->lo = lo;
      r->hi = i == nworkers - 1 ? LEN : lo + chunk + 1;
      r->scale = 0.5;
      pthread_create (&t[i], NULL, scale_range, r);
    }
  for (size_t i = 0; i < nworkers; i++)
    pthread_join (t[i], NULL);
  printf ("%f\n", data[LEN - 1]);
  free (t);
  return 0;
}
