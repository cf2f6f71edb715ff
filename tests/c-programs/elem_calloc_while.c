// Workers allocated with calloc as one array, walked by a pointer that never moves;
// the create loop is a while loop stepping at its end, the thread gets `pool + i`
// and counts into its own element; main reads the counts after joining them all.
// expect: heap@elem_calloc_while.c:40.tid race-free
// expect: heap@elem_calloc_while.c:40.seed race-free
// expect: heap@elem_calloc_while.c:40.hits race-free
// racy-twin: elem_calloc_while_continue.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct worker
{
  pthread_t tid;
  unsigned seed;
  long hits;
};

static void *
sample (void *arg)
{
  struct worker *me = (struct worker *) arg;
  for (int k = 0; k < 1000; k++)
    {
      me->seed = me->seed * 1103515245u + 12345u;
      if ((me->seed >> 16) % 4 == 0)
        me->hits++;
    }
  return NULL;
}

int
main (int argc, char **argv)
{
  (void) argv;
  size_t count = (size_t) argc * 3;
  struct worker *pool;
  size_t i;

  pool = calloc (count, sizeof *pool);
  if (pool == NULL)
    return 1;
  i = 0;
  while (i < count)
    {
      pool[i].seed = (unsigned) i + 1;
      if (pthread_create (&pool[i].tid, NULL, sample, pool + i) != 0)
        return 1;
      i++;
    }
  long all = 0;
  i = 0;
  while (i < count)
    {
      pthread_join (pool[i].tid, NULL);
      i++;
    }
  for (i = count; i-- > 0;)
    all += pool[i].hits;
  printf ("%ld\n", all);
  free (pool);
  return 0;
}
