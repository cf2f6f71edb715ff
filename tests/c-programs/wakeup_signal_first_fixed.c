// wakeup_signal_first_fixed.c: the loader sets `is_loaded` under the mutex before it
// signals; main waits only while the flag is clear, so a signal that comes first is not
// needed: main sees the flag and never waits.
// expect: table[] race-free
// expect: is_loaded race-free
// racy-twin: wakeup_signal_first.c
// mutant-skip: 39 the table is written before is_loaded is set and read after it is seen
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t loaded = PTHREAD_COND_INITIALIZER;
static bool is_loaded;
static int table[16];

static void *
loader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&table_lock);
  for (int i = 0; i < 16; i++)
    table[i] = i * i;
  is_loaded = true;
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
  while (!is_loaded)
    pthread_cond_wait (&loaded, &table_lock);
  for (int i = 0; i < 16; i++)
    sum += table[i];
  pthread_mutex_unlock (&table_lock);
  pthread_join (t, NULL);
  return sum > 0 ? 0 : 1;
}
