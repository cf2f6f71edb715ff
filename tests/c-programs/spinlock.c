// A spin lock gives mutual exclusion like a mutex: the increment under it is safe,
// the unguarded one races.
// expect: guarded race-free
// expect: unguarded RACE
#include <pthread.h>

int guarded, unguarded;
pthread_spinlock_t spin;

static void *inc (void *arg)
{
  (void) arg;
  pthread_spin_lock (&spin);
  guarded++;
  pthread_spin_unlock (&spin);
  unguarded++;
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_spin_init (&spin, PTHREAD_PROCESS_PRIVATE);
  for (;;)
    pthread_create (&t, NULL, inc, NULL);
}
