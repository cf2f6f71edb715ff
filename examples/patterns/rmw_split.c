// Pattern: read-modify-write split across two critical sections — the balance is read under
// the lock, the new value computed outside it, and written back under the lock again.
// expect: balance race-free
// why: every access to balance holds account_lock, so there is no data race. The update is
//   NOT atomic, though: two depositors can read the same old balance and the second write
//   loses the first deposit. That is an atomicity violation, which race-freedom does not
//   rule out (the fix is one critical section, as in check_then_act_locked.c).
#include <pthread.h>
#include <stdio.h>

static long balance;
static pthread_mutex_t account_lock = PTHREAD_MUTEX_INITIALIZER;

static long read_balance (void)
{
  pthread_mutex_lock (&account_lock);
  long v = balance;
  pthread_mutex_unlock (&account_lock);
  return v;
}

static void write_balance (long v)
{
  pthread_mutex_lock (&account_lock);
  balance = v;
  pthread_mutex_unlock (&account_lock);
}

static void *depositor (void *arg)
{
  long amount = (long) arg;
  long v = read_balance ();
  v += amount;
  write_balance (v);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, depositor, (void *) 10L);
  return 0;
}
