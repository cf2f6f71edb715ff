// Threads given their index write the slot of a pair: threads 2k and 2k + 1 both
// write slots[k], with no lock. (Each thread writing its own slot, slots[i], would be
// race-free: see val_partial.c.)
// expect: slots[] RACE
// expect-race-at: slots[] 13 13
#include <pthread.h>

int slots[4];

static void *worker (void *arg)
{
  long i = (long) arg;
  slots[i / 2] = 1;
  return NULL;
}

int main (void)
{
  pthread_t t[8];
  for (long i = 0; i < 8; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  return 0;
}
