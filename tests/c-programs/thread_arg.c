// A thread's void * argument points to one account (points-to analysis), so the lock
// reached through it denotes one mutex. The workers lock it, but main adds to the
// balance without it: a race. The other account of the same type, used by main only,
// is not a candidate for the workers' pointer.
// expect: shared.balance RACE
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
  shared.balance += m->balance;
  return 0;
}
