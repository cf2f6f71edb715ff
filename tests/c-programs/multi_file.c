// Two files checked together (the second is tests/c-programs/parts/stats.c): the
// worker calls into the other file, whose unlocked peek races with the locked add.
// args: tests/c-programs/parts/stats.c
// expect: total RACE
#include <pthread.h>

void stats_add (int n);
int stats_peek (void);

static void *worker (void *arg)
{
  (void) arg;
  stats_add (1);
  return (void *) (long) stats_peek ();
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
