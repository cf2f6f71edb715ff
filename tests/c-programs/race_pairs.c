// Every racing pair of a location (reports): 'hits' is updated under 'lock' by the
// recorders, but reset without it and clamped after the lock is given back; the report
// lists each pair of statements that race (reset against each update and the read,
// the clamp against them) and counts the pairs the lock keeps apart.
// expect: hits RACE
// expect-race-at: hits 16 24
// fixed-twin: race_pairs_fixed.c
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
  hits = 0;
  return NULL;
}

static void *audit (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&lock);
  long h = hits;
  pthread_mutex_unlock (&lock);
  if (h > 100)
    hits = 100;
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
