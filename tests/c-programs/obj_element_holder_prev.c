// Like obj_element_holder.c, but each pass also flips the flag of the previous pass's
// object (`args[i - 1]`), whose thread is running: another element than the pass's own
// still reaches every object of the site, and the write races with that thread's read.
// fixed-twin: obj_element_holder.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@obj_element_holder_prev.c:48.flag RACE
// expect: heap@obj_element_holder_prev.c:48.lo race-free
// expect: heap@obj_element_holder_prev.c:48.hi race-free
// expect: heap@obj_element_holder_prev.c:48.sum race-free
// expect-race-at: heap@obj_element_holder_prev.c:48.flag 32 57
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXW 32

struct span
{
  long lo, hi;
  int flag;
  long sum;
};

static void *
add_span (void *p)
{
  struct span *s = p;
  long t = 0;
  for (long v = s->lo; v < s->hi; v++)
    t += v % 7;
  s->sum = s->flag ? -t : t;
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  pthread_t tid[MAXW];
  struct span *args[MAXW];
  long total = 0;

  if (n < 1 || n > MAXW)
    return 2;
  for (int i = 0; i < n; i++)
    {
      args[i] = malloc (sizeof *args[i]);
      if (args[i] == NULL)
        return 1;
      args[i]->lo = 1000L * i;
      args[i]->hi = 1000L * (i + 1);
      args[i]->flag = 0;
      if (pthread_create (&tid[i], NULL, add_span, args[i]) != 0)
        return 1;
      if (i > 0)
        args[i - 1]->flag = 1;
    }
  for (int i = 0; i < n; i++)
    pthread_join (tid[i], NULL);
  for (int i = 0; i < n; i++)
    {
      total += args[i]->sum;
      free (args[i]);
    }
  printf ("%ld\n", total);
  return 0;
}
