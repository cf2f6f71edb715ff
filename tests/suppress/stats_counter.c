/* stats_counter: a request counter that workers bump without a lock, on purpose (it
 * is statistics, read once after the joins), and a table they update under a mutex
 * but whose size one of them writes unlocked: the first race is accepted in the
 * source, the second is not.
 * Expected: 'requests' RACE, suppressed by the comment on its declaration (exit status
 * not counting it); 'table_size' RACE, shown; exit status 1. */
#include <pthread.h>
#include <stdio.h>

// racefree: allow race on requests: statistics only; an approximate count is fine
static long requests;
static int table[64];
static int table_size;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
worker (void *arg)
{
  long id = (long) arg;
  requests++;
  pthread_mutex_lock (&table_lock);
  table[id % 64]++;
  pthread_mutex_unlock (&table_lock);
  if (id == 0)
    table_size = 64;   /* not under table_lock: a real race */
  pthread_mutex_lock (&table_lock);
  int n = table_size;
  pthread_mutex_unlock (&table_lock);
  return (void *) (long) n;
}

int
main (void)
{
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  printf ("%ld requests\n", requests);
  return 0;
}
