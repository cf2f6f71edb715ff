// Pattern: fixture, unsound gap — a known-gap line may not excuse race-free on a true RACE.
// expect: hits RACE
// known-gap: hits race-free: a soundness bug dressed as a known gap
// why: see the runner-must-say line.
// runner-must-say: known-gap for hits would excuse race-free on a true RACE: a soundness bug is never a known gap
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
