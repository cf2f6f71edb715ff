// Like obj_var_holder.c, but the thread does not free its argument, and main sets its
// id again right after the create, while the thread may be reading it.
// fixed-twin: obj_var_holder.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@obj_var_holder_peek.c:45.id RACE
// expect: total race-free
// expect: heap@obj_var_holder_peek.c:45.out race-free
// expect-race-at: heap@obj_var_holder_peek.c:45.id 52 27
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct arg
{
  int id;
  long out;
};

static long total;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *p)
{
  struct arg *a = p;
  a->out = (long) a->id * a->id;
  pthread_mutex_lock (&m);
  total += a->out;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  pthread_t t[64];
  struct arg *a;

  if (n < 1 || n > 64)
    return 1;
  for (int i = 0; i < n; i++)
    {
      a = malloc (sizeof *a);
      if (!a)
        abort ();
      a->id = i;
      a->out = 0;
      if (pthread_create (&t[i], NULL, worker, a) != 0)
        return 1;
      a->id = -1;
    }
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", total);
  return 0;
}
