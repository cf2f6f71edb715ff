// Pattern: fixture, soundness — stands for racefree proving race-free a location that races.
// expect: hits RACE
// why: the header claims a race the program does not have, as a stand-in for a soundness bug.
// runner-must-say: hits: SOUNDNESS BUG: racefree proves race-free a location that races
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
