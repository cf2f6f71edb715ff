// An allocation wrapper (xmalloc: malloc, abort on failure, return the object) used for a
// shared state object that main allocates and for each worker's own scratch buffer. Each
// call of the wrapper is an allocation site of its own, typed at the call, so the scratch
// buffers (never shared) are not the state object, and the state's mutex is one mutex.
// expect: stderr race-free
// expect: state race-free
// expect: heap@alloc_wrapper.c:56.total race-free
// expect: heap@alloc_wrapper.c:56.runs race-free
// racy-twin: alloc_wrapper_pool.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct state {
  pthread_mutex_t lock;
  long total;
  int runs;
};

static struct state *state;

static void *
xmalloc (size_t n)
{
  void *p;
  if ((p = malloc (n)) == NULL)
    {
      fprintf (stderr, "out of memory\n");
      abort ();
    }
  return p;
}

static void *
worker (void *arg)
{
  long n = (long) arg;
  long *scratch = xmalloc (n * sizeof *scratch);
  long s = 0;
  for (long k = 0; k < n; k++)
    {
      scratch[k] = k * k;
      s += k * k;
    }
  free (scratch);
  pthread_mutex_lock (&state->lock);
  state->total += s;
  state->runs++;
  pthread_mutex_unlock (&state->lock);
  return NULL;
}

int
main (void)
{
  state = xmalloc (sizeof *state);
  pthread_mutex_init (&state->lock, NULL);
  state->total = 0;
  state->runs = 0;
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, (void *) (100 + i));
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  printf ("%ld in %d runs\n", state->total, state->runs);
  return 0;
}
