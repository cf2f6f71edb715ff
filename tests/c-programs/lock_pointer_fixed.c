// A lock reached through a pointer that can only denote one mutex gives exclusion;
// main reads total only before it creates any thread.
// expect: acct.balance race-free
// expect: total race-free
#include <pthread.h>

struct account { pthread_mutex_t lock; int balance; };
struct account acct = { PTHREAD_MUTEX_INITIALIZER, 0 };
int total;

static void deposit (struct account *a, int n)
{
  pthread_mutex_t *l = &a->lock;
  pthread_mutex_lock (l);
  a->balance += n;
  total += n;
  pthread_mutex_unlock (l);
}

static void *worker (void *arg)
{
  (void) arg;
  deposit (&acct, 10);
  return NULL;
}

int main (void)
{
  pthread_t t;
  int start = total;
  for (int i = 0; i < 10; i++)
    pthread_create (&t, NULL, worker, NULL);
  return start;
}
