// wakeup_signal_first.c: the loader thread fills the table and signals `loaded` under
// the mutex; main waits on `loaded` once, with no flag to test. When the loader runs
// first, its signal comes while nobody waits and is lost: main waits for ever.
// expect: table[] race-free
// expect-deadlock: wait on loaded: LOST WAKE-UP
// fixed-twin: wakeup_signal_first_fixed.c
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t loaded = PTHREAD_COND_INITIALIZER;
static int table[16];

static void *
loader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&table_lock);
  for (int i = 0; i < 16; i++)
    table[i] = i * i;
  pthread_cond_signal (&loaded);
  pthread_mutex_unlock (&table_lock);
  return NULL;
}

int
main (void)
{
  pthread_t t;
  int sum = 0;
  pthread_create (&t, NULL, loader, NULL);
  pthread_mutex_lock (&table_lock);
  pthread_cond_wait (&loaded, &table_lock);
  for (int i = 0; i < 16; i++)
    sum += table[i];
  pthread_mutex_unlock (&table_lock);
  pthread_join (t, NULL);
  return sum > 0 ? 0 : 1;
}
