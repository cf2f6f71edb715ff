// Pattern: lock wrapper functions, one call forgotten — as lock_wrappers.c, but table_size()
// reads the count without calling table_lock().
// expect: names[] race-free
// expect: static@worker:words[] race-free
// expect: nnames RACE
// why: table_size() reads nnames while another thread may be in intern(), holding the lock,
//   writing nnames. names is still only touched inside the wrappers.
// fixed-twin: lock_wrappers.c
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
  return nnames;
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
