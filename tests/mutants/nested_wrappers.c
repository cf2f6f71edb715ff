// Mutant fixture: lock wrappers with an early-exit unlock, and two nested sections.
// expect: table[] race-free
// expect: used race-free
// expect: hits race-free
// expect: misses race-free
// Every access to table and used holds table_mutex (through the wrappers); hits is
// guarded by a, misses by b; the nested section takes a then b.
#include <pthread.h>
#include <stdio.h>

static int table[8];
static int used;
static pthread_mutex_t table_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
static int hits, misses;

static void table_lock (void)
{
  if (pthread_mutex_lock (&table_mutex) != 0)
    perror ("pthread_mutex_lock");
}

static void table_unlock (void)
{
  pthread_mutex_unlock (&table_mutex);
}

static int add (int v)
{
  table_lock ();
  if (used == 8)
    {
      table_unlock ();
      return -1;
    }
  table[used] = v;
  used++;
  table_unlock ();
  return 0;
}

static void *worker (void *arg)
{
  add ((int) (long) arg);
  pthread_mutex_lock (&a);
  pthread_mutex_lock (&b);
  hits++;
  misses++;
  pthread_mutex_unlock (&b);
  pthread_mutex_unlock (&a);
  return NULL;
}

static void *counter (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&a);
  hits--;
  pthread_mutex_unlock (&a);
  pthread_mutex_lock (&b);
  misses--;
  pthread_mutex_unlock (&b);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (long i = 0; i < 4; i++)
    {
      pthread_create (&t, NULL, worker, (void *) i);
      pthread_create (&t, NULL, counter, NULL);
    }
  return 0;
}
