// Two per-element locks held at once: a transfer locks both accounts, the lower index first
// (so that two transfers cannot deadlock), and moves money between them. Each lock is a
// guess of its own, nested: the rest of transfer() is lowered once per answer for `lo`
// and, inside, for `hi`.
// expect: acct[].balance race-free
// racy-twin: lock_elem_transfer_neighbour.c
#include <pthread.h>
#include <stdint.h>

#define NACCT 16

struct account {
  long balance;
  pthread_mutex_t m;
};

static struct account acct[NACCT];

static void
transfer (int from, int to, long x)
{
  if (from == to)
    return;
  int lo = from < to ? from : to, hi = from < to ? to : from;
  long d = from < to ? -x : x;
  pthread_mutex_lock (&acct[lo].m);
  pthread_mutex_lock (&acct[hi].m);
  acct[lo].balance += d;
  acct[hi].balance -= d;
  pthread_mutex_unlock (&acct[hi].m);
  pthread_mutex_unlock (&acct[lo].m);
}

static void *
teller (void *arg)
{
  int id = (int) (intptr_t) arg;
  for (int k = 0; k < 1000; k++)
    transfer ((id + k) % NACCT, (id * 3 + k * 5) % NACCT, 5);
  return NULL;
}

int
main (void)
{
  pthread_t t[4];
  for (int i = 0; i < NACCT; i++)
    pthread_mutex_init (&acct[i].m, NULL);
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, teller, (void *) (intptr_t) i);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
