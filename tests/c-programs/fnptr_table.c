// A table of function pointers: a worker calls through it. The table holds both the
// locking and the plain adder, so the call may add without the lock: a race.
// expect: acct.n RACE
// expect: handlers[] race-free
#include <pthread.h>
#include <stddef.h>

struct account { pthread_mutex_t m; int n; };
struct account acct = { PTHREAD_MUTEX_INITIALIZER, 0 };

static void add_locked (struct account *a)
{
  pthread_mutex_lock (&a->m);
  a->n++;
  pthread_mutex_unlock (&a->m);
}

static void add_plain (struct account *a)
{
  a->n++;
}

static void (*const handlers[]) (struct account *) = { add_locked, add_plain };

static void *worker (void *arg)
{
  long i = (long) arg;
  handlers[i & 1] (&acct);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (long i = 0; i < 4; i++)
    pthread_create (&t, NULL, worker, (void *) i);
  return 0;
}
