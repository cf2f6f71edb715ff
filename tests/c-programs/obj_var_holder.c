// Each pass allocates the thread's argument into a pointer declared before the loop
// (`a = malloc (...)`), fills it in and hands it to the thread, which frees it. Every
// pass makes a new object, so no two threads share one.
// racy-twin: obj_var_holder_peek.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: total race-free
// expect: heap@obj_var_holder.c:46.id race-free
// expect: heap@obj_var_holder.c:46.out race-free
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
  free (a);
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
    }
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", total);
  return 0;
}
