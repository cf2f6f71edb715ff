// The fixed twin of spinlock.c: both increments are under the spin lock.
// expect: guarded race-free
// expect: unguarded race-free
// racy-twin: spinlock.c
#include <pthread.h>

int guarded, unguarded;
pthread_spinlock_t spin;

static void *inc (void *arg)
{
  (void) arg;
  pthread_spin_lock (&spin);
  guarded++;
  unguarded++;
  pthread_spin_unlock (&spin);
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_spin_init (&spin, PTHREAD_PROCESS_PRIVATE);
  for (;;)
    pthread_create (&t, NULL, inc, NULL);
}
