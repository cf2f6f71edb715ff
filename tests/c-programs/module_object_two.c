// An entry with two objects of the same type: the transfer locks the source account
// only, yet writes the destination, which another transfer may be using as its locked
// source. racefree tries each parameter as the representative account and as another.
// expect: struct account.balance RACE
// fixed-twin: module_object_two_fixed.c
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
  to->balance += amount;
  pthread_mutex_unlock (&from->lock);
}
