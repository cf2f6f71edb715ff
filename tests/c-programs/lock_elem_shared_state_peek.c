// Racy twin of lock_elem_shared_state.c: a worker checks the maximum before it takes the
// state's mutex.
// expect: heap@lock_elem_shared_state_peek.c:37.count race-free
// expect: heap@lock_elem_shared_state_peek.c:37.max RACE
// expect-race-at: heap@lock_elem_shared_state_peek.c:37.max 23 28
// fixed-twin: lock_elem_shared_state.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct state {
  pthread_mutex_t lock;
  long count;
  long max;
};

static void *
worker (void *arg)
{
  struct state *st = (struct state *) arg;
  for (long k = 0; k < 1000; k++)
    {
      if (k <= st->max)
        continue;
      pthread_mutex_lock (&st->lock);
      st->count++;
      if (k > st->max)
        st->max = k;
      pthread_mutex_unlock (&st->lock);
    }
  return NULL;
}

int
main (void)
{
  struct state *st = calloc (1, sizeof *st);
  if (st == NULL)
    return 1;
  pthread_mutex_init (&st->lock, NULL);
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, st);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %ld\n", st->count, st->max);
  free (st);
  return 0;
}
