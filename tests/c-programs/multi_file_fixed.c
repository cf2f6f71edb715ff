// Two files checked together (the second is tests/c-programs/parts/stats.c): the
// workers only use the locked add; main peeks before creating any thread.
// args: tests/c-programs/parts/stats.c
// expect: total race-free
#include <pthread.h>

void stats_add (int n);
int stats_peek (void);

static void *worker (void *arg)
{
  (void) arg;
  stats_add (1);
  return NULL;
}

int main (void)
{
  pthread_t t;
  int start = stats_peek ();
  for (int i = 0; i < start + 8; i++)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
