// Each pass of the create loop allocates the thread's argument and fills it in; the
// thread computes into it, adds it to a total under a lock and frees it. Every pass
// allocates a new object, so no two threads share one.
// racy-twin: obj_malloc_struct_peek.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@obj_malloc_struct.c:42 race-free
// expect: total race-free
// expect: heap@obj_malloc_struct.c:47.id race-free
// expect: heap@obj_malloc_struct.c:47.out race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct arg
{
  int id;
  long out;
};

static long total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *p)
{
  struct arg *a = p;
  a->out = (long) a->id * a->id;
  pthread_mutex_lock (&total_lock);
  total += a->out;
  pthread_mutex_unlock (&total_lock);
  free (a);
  return NULL;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4;
  if (n < 1)
    return 1;
  pthread_t *t = malloc (n * sizeof *t);
  if (!t)
    return 1;
  for (int i = 0; i < n; i++)
    {
      struct arg *a = malloc (sizeof *a);
      if (!a)
        abort ();
      a->id = i;
      a->out = 0;
      pthread_create (&t[i], NULL, worker, a);
    }
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", total);
  free (t);
  return 0;
}
