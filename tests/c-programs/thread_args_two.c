// Two groups of threads run the same start routine, each group on its own account
// with its own lock: each pthread_create knows exactly what its argument points to,
// so each group's job type has its own (one mutex each). main reads alpha's balance
// without its lock: a race on alpha only.
// expect: alpha.balance RACE
// expect: beta.balance race-free
#include <pthread.h>
#include <stddef.h>

struct account { pthread_mutex_t lock; int balance; };
struct account alpha = { PTHREAD_MUTEX_INITIALIZER, 0 };
struct account beta = { PTHREAD_MUTEX_INITIALIZER, 0 };

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
  for (int i = 0; i < 3; i++)
    {
      pthread_create (&t, NULL, worker, &alpha);
      pthread_create (&t, NULL, worker, &beta);
    }
  int total = alpha.balance;
  pthread_mutex_lock (&beta.lock);
  total += beta.balance;
  pthread_mutex_unlock (&beta.lock);
  return total;
}
