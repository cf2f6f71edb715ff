// As split_helpers_switch.c, but shard_bump counts shard 1 in hits_c: a worker of
// shard 1 holds lock_b while a worker of shard 2 holds lock_c, and both bump hits_c.
// Taking the three switches the same way must keep that race.
// expect: hits_a race-free
// expect: hits_b race-free
// expect: hits_c RACE
// fixed-twin: split_helpers_switch.c
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
      hits_c++;   /* should be hits_b */
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
