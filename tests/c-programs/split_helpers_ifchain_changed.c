// As split_helpers_ifchain.c, but the worker reclassifies some requests of kind
// KIND_OTHER as KIND_WRITE after taking other_mu: it then counts q_write holding
// other_mu (and releases write_mu, which it does not hold). k changes between the
// chains, so they need not take the same branch: q_write must stay racy.
// args: --check races,deadlocks
// expect: q_read race-free
// expect: q_write RACE
// expect: q_other race-free
// known-gap: q_read RACE: k changes between acquire's chain and the worker's, so no split
//   covers both and the worker's counting chain runs under any of the three mutexes
// known-gap: q_other RACE: as q_read
// fixed-twin: split_helpers_ifchain.c
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

enum kind { KIND_READ = 1, KIND_WRITE = 2, KIND_OTHER = 7 };

static pthread_mutex_t read_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t write_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t other_mu = PTHREAD_MUTEX_INITIALIZER;
static unsigned long q_read, q_write, q_other;

static enum kind
classify (uintptr_t req)
{
  if (req % 3 == 0)
    return KIND_READ;
  if (req % 3 == 1)
    return KIND_WRITE;
  return KIND_OTHER;
}

static void
acquire (enum kind k)
{
  if (k == KIND_READ)
    pthread_mutex_lock (&read_mu);
  else if (k == KIND_WRITE)
    pthread_mutex_lock (&write_mu);
  else
    pthread_mutex_lock (&other_mu);
}

static void
release_kind (int which)
{
  if (which == KIND_READ)
    pthread_mutex_unlock (&read_mu);
  else if (KIND_WRITE == which)
    pthread_mutex_unlock (&write_mu);
  else
    pthread_mutex_unlock (&other_mu);
}

static void
release (enum kind k)
{
  release_kind (k);
}

static void *
worker (void *arg)
{
  enum kind k = classify ((uintptr_t) arg);
  acquire (k);
  if (k == KIND_OTHER && (uintptr_t) arg > 4)
    k = KIND_WRITE;   /* reclassified under the wrong mutex */
  if (k == KIND_READ)
    q_read++;
  else if (k == KIND_WRITE)
    q_write++;
  else
    q_other++;
  release (k);
  return NULL;
}

int
main (void)
{
  pthread_t t[8];
  for (uintptr_t i = 0; i < 8; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 8; i++)
    pthread_join (t[i], NULL);
  printf ("%lu %lu %lu\n", q_read, q_write, q_other);
  return 0;
}
