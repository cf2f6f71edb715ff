// Pattern: double-checked locking on a plain flag — the lookup table is built on first use;
// callers test a plain `initialized` flag without the lock and take the lock only to build.
// expect: initialized RACE
// expect: table[] race-free
// known-gap: table[] RACE: data values are abstracted away: the model does not know that table
//   is read only after initialized was seen set
// why: a caller's unlocked test of initialized can run while the builder, holding
//   init_lock, sets it. table itself is written only by the builder, before it sets the
//   flag, and read only after the flag was seen set (or under the lock), so in an
//   interleaving no read of table overlaps its construction. (Under the C11 memory model
//   the unsynchronised flag gives no ordering, so table would race too: the fix is
//   pthread_once or an atomic flag with acquire/release.)
// fixed-twin: dcl_once.c
#include <pthread.h>
#include <stdio.h>

#define SIZE 256

static int initialized;
static int table[SIZE];
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;

static int square (int k)
{
  if (!initialized)
    {
      pthread_mutex_lock (&init_lock);
      if (!initialized)
        {
          for (int i = 0; i < SIZE; i++)
            table[i] = i * i;
          initialized = 1;
        }
      pthread_mutex_unlock (&init_lock);
    }
  return table[k % SIZE];
}

static void *worker (void *arg)
{
  long k = (long) arg;
  printf ("%d\n", square ((int) k));
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (long k = 0;; k++)
    pthread_create (&t, NULL, worker, (void *) k);
}
