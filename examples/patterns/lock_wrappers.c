// Pattern: lock wrapper functions — a small symbol table hides its mutex behind
// table_lock()/table_unlock() helpers that every operation calls.
// expect: names[] race-free
// expect: static@worker:words[] race-free
// expect: nnames race-free
// why: each operation calls table_lock() before touching names or nnames and
//   table_unlock() after, and the helpers lock and unlock the one table mutex.
// racy-twin: lock_wrappers_missing.c
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define MAX 128

static const char *names[MAX];
static int nnames;
static pthread_mutex_t table_mutex = PTHREAD_MUTEX_INITIALIZER;

static void table_lock (void)
{
  if (pthread_mutex_lock (&table_mutex) != 0)
    perror ("pthread_mutex_lock");
}

static void table_unlock (void)
{
  pthread_mutex_unlock (&table_mutex);
}

static int intern (const char *name)
{
  table_lock ();
  for (int i = 0; i < nnames; i++)
    if (strcmp (names[i], name) == 0)
      {
        table_unlock ();
        return i;
      }
  int id = nnames < MAX ? nnames++ : -1;
  if (id >= 0)
    names[id] = name;
  table_unlock ();
  return id;
}

static int table_size (void)
{
  table_lock ();
  int n = nnames;
  table_unlock ();
  return n;
}

static void *worker (void *arg)
{
  (void) arg;
  static const char *words[] = { "alpha", "beta", "gamma", "delta" };
  for (int i = 0; i < 100; i++)
    intern (words[i % 4]);
  printf ("%d names\n", table_size ());
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (int i = 0; i < 4; i++)
    pthread_create (&t, NULL, worker, NULL);
  pthread_exit (NULL);
}
