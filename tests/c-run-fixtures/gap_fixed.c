// Pattern: fixture, gap fixed — a known-gap line for a location racefree now gets right.
// expect: hits race-free
// known-gap: hits RACE: a reason that no longer holds
// why: hits is only touched under hits_lock.
// runner-must-say: hits: known gap fixed: racefree now says race-free; remove the known-gap line
#include <pthread.h>

static long hits;
static pthread_mutex_t hits_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&hits_lock);
  hits++;
  pthread_mutex_unlock (&hits_lock);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
}
