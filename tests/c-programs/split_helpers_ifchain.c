// Three kinds of request, each with its own queue counter and mutex. A worker
// classifies its request once (`enum kind k = classify (req)`), then takes the kind's
// mutex in acquire (k), an if / else-if chain, counts the request in the worker itself
// with a second chain on k, and releases through release (k), which passes k on to
// release_kind (k), a third chain. k never changes after its declaration and no helper
// assigns its parameter, so every chain takes the same branch.
// expect: q_read race-free
// expect: q_write race-free
// expect: q_other race-free
// racy-twin: split_helpers_ifchain_changed.c
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
