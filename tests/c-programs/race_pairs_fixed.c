// Every racing pair of a location (fixed twin of race_pairs.c): the reset and the
// clamp hold 'lock' too, so no pair of statements races.
// expect: hits race-free
// racy-twin: race_pairs.c
#include <pthread.h>
static long hits;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *record (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&lock);
  hits++;
  pthread_mutex_unlock (&lock);
  return NULL;
}

static void *reset (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&lock);
  hits = 0;
  pthread_mutex_unlock (&lock);
  return NULL;
}

static void *audit (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&lock);
  long h = hits;
  if (h > 100)
    hits = 100;
  pthread_mutex_unlock (&lock);
  return NULL;
}

int main (void)
{
  pthread_t t[4];
  pthread_create (&t[0], NULL, record, NULL);
  pthread_create (&t[1], NULL, record, NULL);
  pthread_create (&t[2], NULL, reset, NULL);
  pthread_create (&t[3], NULL, audit, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
