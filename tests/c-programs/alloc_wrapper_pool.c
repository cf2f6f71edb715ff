// Racy twin of alloc_wrapper.c: the allocator hands out one static pool for small requests
// (so it is no wrapper: what it returns is not always a new object), and every worker's
// scratch buffer is that pool.
// expect: stderr race-free
// expect: state race-free
// expect: heap@alloc_wrapper_pool.c:62.total race-free
// expect: heap@alloc_wrapper_pool.c:62.runs race-free
// expect: heap@alloc_wrapper_pool.c:33 race-free
// known-gap: heap@alloc_wrapper_pool.c:33 RACE: the allocator may return the pool, so it is no
//   wrapper and the buffers it mallocs are one object of one site
// expect: small_pool[] RACE
// expect-race-at: small_pool[] 49 49
// fixed-twin: alloc_wrapper.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct state {
  pthread_mutex_t lock;
  long total;
  int runs;
};

static struct state *state;
static long small_pool[1024];

static void *
xmalloc (size_t n)
{
  void *p;
  if (n <= sizeof small_pool)
    return small_pool;
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
  pthread_mutex_lock (&state->lock);
  state->total += s;
  state->runs++;
  pthread_mutex_unlock (&state->lock);
  return NULL;
}

int
main (void)
{
  state = malloc (sizeof *state);
  if (state == NULL)
    return 1;
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
