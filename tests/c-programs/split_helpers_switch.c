// A counter per shard, each under its own mutex: a worker serves one shard (its thread
// argument) and goes through three helpers, each a `switch` on the shard number:
// shard_lock (shard) picks the shard's mutex, shard_bump (shard) its counter and
// shard_unlock (shard) releases the same mutex. The shard never changes and the helpers
// never assign their parameter, so the three switches take the same case.
// expect: hits_a race-free
// expect: hits_b race-free
// expect: hits_c race-free
// racy-twin: split_helpers_switch_wrong.c
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_c = PTHREAD_MUTEX_INITIALIZER;
static long hits_a, hits_b, hits_c;

static void
shard_lock (unsigned shard)
{
  switch (shard)
    {
    case 0:
      pthread_mutex_lock (&lock_a);
      break;
    case 1:
      pthread_mutex_lock (&lock_b);
      break;
    default:
      pthread_mutex_lock (&lock_c);
      break;
    }
}

static void
shard_bump (unsigned shard)
{
  switch (shard)
    {
    case 0:
      hits_a++;
      break;
    case 1:
      hits_b++;
      break;
    default:
      hits_c++;
    }
}

static void
shard_unlock (unsigned shard)
{
  switch (shard)
    {
    case 0:
      pthread_mutex_unlock (&lock_a);
      break;
    case 1:
      pthread_mutex_unlock (&lock_b);
      break;
    default:
      pthread_mutex_unlock (&lock_c);
    }
}

static void *
worker (void *arg)
{
  unsigned shard = (unsigned) (uintptr_t) arg;
  for (int i = 0; i < 1000; i++)
    {
      shard_lock (shard);
      shard_bump (shard);
      shard_unlock (shard);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[6];
  for (uintptr_t i = 0; i < 6; i++)
    pthread_create (&t[i], NULL, worker, (void *) (i % 3));
  for (int i = 0; i < 6; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %ld %ld\n", hits_a, hits_b, hits_c);
  return 0;
}
