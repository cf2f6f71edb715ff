// A module exporting an operations table: clients call the static functions through
// the exported global, so they are entries too (warning), run by any number of
// threads at once; the unlocked increment races with the locked reset.
// expect: count RACE
// expect-stderr: warning: 'counter_inc' is named by the exported global 'counter_ops': clients may call it, so it is an entry too
// fixed-twin: module_ops_table_fixed.c
#include <pthread.h>

struct counter_ops { void (*inc) (void); long (*get) (void); void (*reset) (void); };

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long count;

static void counter_inc (void)
{
  count++;
}

static long counter_get (void)
{
  pthread_mutex_lock (&m);
  long c = count;
  pthread_mutex_unlock (&m);
  return c;
}

static void counter_reset (void)
{
  pthread_mutex_lock (&m);
  count = 0;
  pthread_mutex_unlock (&m);
}

const struct counter_ops counter_ops = { counter_inc, counter_get, counter_reset };

long counter_peek (void)
{
  return counter_get ();
}
