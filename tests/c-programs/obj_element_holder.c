// Each pass allocates the thread's argument into an element of a local array of
// pointers (`args[i] = malloc (...)`), fills it in through the element and hands the
// element to the thread; main reads the results through the array after the joins.
// Every pass makes a new object, so no two threads share one.
// racy-twin: obj_element_holder_peek.c obj_element_holder_prev.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@obj_element_holder.c:48.lo race-free
// expect: heap@obj_element_holder.c:48.hi race-free
// expect: heap@obj_element_holder.c:48.flag race-free
// expect: heap@obj_element_holder.c:48.sum race-free
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
