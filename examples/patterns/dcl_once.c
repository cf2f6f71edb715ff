// Pattern: one-time initialisation with pthread_once — the fix of double-checked locking:
// the lookup table is built by pthread_once on first use.
// expect: table[] race-free
// why: pthread_once runs build_table exactly once, and every call of pthread_once returns
//   only after that run finished, so table's construction happens before every read.
// racy-twin: dcl_plain_flag.c
#include <pthread.h>
#include <stdio.h>

#define SIZE 256

static pthread_once_t table_once = PTHREAD_ONCE_INIT;
static int table[SIZE];

static void build_table (void)
{
  for (int i = 0; i < SIZE; i++)
    table[i] = i * i;
}

static int square (int k)
{
  pthread_once (&table_once, build_table);
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
