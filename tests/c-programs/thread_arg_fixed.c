// A thread's void * argument points to one account (points-to analysis), so the lock
// reached through it denotes one mutex and guards the balance; main takes it too. The
// other account of the same type, used by main only, is not a candidate for the
// workers' pointer (by type alone the lock could be either account's: no exclusion).
// expect: shared.balance race-free
// expect: mine.balance race-free
#include <pthread.h>
#include <stddef.h>

struct account { pthread_mutex_t lock; int balance; };
struct account shared = { PTHREAD_MUTEX_INITIALIZER, 0 };
struct account mine = { PTHREAD_MUTEX_INITIALIZER, 0 };

static void *worker (void *arg)
{
  struct account *a = arg;
  pthread_mutex_lock (&a->lock);
  a->balance++;
  pthread_mutex_unlock (&a->lock);
  return NULL;
}

int main (void)
{
  pthread_t t;
  struct account *m = &mine;
  m->balance = 5;
  for (int i = 0; i < 4; i++)
    pthread_create (&t, NULL, worker, &shared);
  pthread_mutex_lock (&shared.lock);
  shared.balance += m->balance;
  pthread_mutex_unlock (&shared.lock);
  return 0;
}
