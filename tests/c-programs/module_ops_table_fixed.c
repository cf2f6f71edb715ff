// The fixed twin of module_ops_table.c: every function of the table takes the lock.
// expect: count race-free
// expect-stderr: warning: 'counter_inc' is named by the exported global 'counter_ops': clients may call it, so it is an entry too
// racy-twin: module_ops_table.c
#include <pthread.h>

struct counter_ops { void (*inc) (void); long (*get) (void); void (*reset) (void); };

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long count;

static void counter_inc (void)
{
  pthread_mutex_lock (&m);
  count++;
  pthread_mutex_unlock (&m);
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
