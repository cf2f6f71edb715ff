// A ticket drawn with the __sync builtin from a plain unsigned counter, assigned to a local
// declared earlier: each worker owns its element of per-thread statistics (stats[me]),
// also passed to a helper. The counter is only ever drawn from.
// expect: next_id race-free
// expect: stats[].done race-free
// expect: stats[].errors race-free
// racy-twin: ticket_sync_add_shared.c
#include <pthread.h>

#define MAXT 16

struct stat {
  long done;
  long errors;
};

static struct stat stats[MAXT];
static unsigned next_id = 0;

static void
account (struct stat *st, long i)
{
  (void) st;
  (void) i;
}

static void *
worker (void *arg)
{
  unsigned me;
  (void) arg;
  me = __sync_fetch_and_add (&next_id, 1u);
  if (me >= MAXT)
    return NULL;
  for (long i = 0; i < 100; i++)
    {
      if (i % 7 == 0)
        stats[me].errors++;
      else
        stats[me].done++;
      account (&stats[me], i);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
