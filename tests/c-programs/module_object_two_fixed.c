// The fixed twin of module_object_two.c: the destination is updated under its own
// mutex (taken after the source's is released, so no lock order is needed).
// expect: struct account.balance race-free
// racy-twin: module_object_two.c
#include <pthread.h>

struct account
{
  pthread_mutex_t lock;
  long balance;
};

void
account_transfer (struct account *from, struct account *to, long amount)
{
  pthread_mutex_lock (&from->lock);
  from->balance -= amount;
  pthread_mutex_unlock (&from->lock);
  pthread_mutex_lock (&to->lock);
  to->balance += amount;
  pthread_mutex_unlock (&to->lock);
}
