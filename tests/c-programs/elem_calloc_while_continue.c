// Racy twin of elem_calloc_while.c: after starting a thread the loop may `continue`
// before its step, so the next pass fills in the same element again while its thread
// runs, and hands it to a second thread.
// expect: heap@elem_calloc_while_continue.c:43.seed RACE
// expect-race-at: heap@elem_calloc_while_continue.c:43.seed 28 49
// expect: heap@elem_calloc_while_continue.c:43.hits RACE
// expect: heap@elem_calloc_while_continue.c:43.tid race-free
// expect: argv[] race-free
// expect: argv strings race-free
// fixed-twin: elem_calloc_while.c
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
  size_t count = (size_t) argc * 3;
  struct worker *pool;
  size_t i;
  int busy = argv[0][0] == '.';

  pool = calloc (count, sizeof *pool);
  if (pool == NULL)
    return 1;
  i = 0;
  while (i < count)
    {
      pool[i].seed = (unsigned) i + 1;
      if (pthread_create (&pool[i].tid, NULL, sample, pool + i) != 0)
        return 1;
      if (busy--)
        continue;  /* BUG: the same element goes to the next thread too */
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
