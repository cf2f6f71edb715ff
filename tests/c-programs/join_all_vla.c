// Handles in a variable-length array on main's stack, an unsigned index counted with
// ++i and i += 1, the bound a local set once from the arguments; the workers add to
// a total under the lock and main reads it after joining them all.
// expect: total race-free
// expect: argv strings race-free
// expect: argv[] race-free
// racy-twin: join_all_slot_reused.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
unsigned long total;

static void *
add_one (void *unused)
{
  (void) unused;
  pthread_mutex_lock (&total_lock);
  total += 1;
  pthread_mutex_unlock (&total_lock);
  return NULL;
}

int
main (int argc, char *argv[])
{
  unsigned nthreads = (unsigned) strtoul (argc > 1 ? argv[1] : "8", NULL, 10);
  pthread_t tids[nthreads];
  unsigned i;
  for (i = 0; i < nthreads; ++i)
    pthread_create (&tids[i], NULL, add_one, NULL);
  for (i = 0; i < nthreads; i += 1)
    pthread_join (tids[i], NULL);
  printf ("total %lu\n", total);
  return 0;
}
