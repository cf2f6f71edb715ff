// deadlock_philosophers_dine_fixed.c: five philosophers, each a function of its own, eat through one
// helper dine (first, second) that locks the two forks it is given in that order; all but the
// last pass their left fork first, and mill passes the lower-numbered fork (fork0) first: the
// forks are taken in one global order, so no cycle of waits can form, for any interleaving.
// expect: courses race-free
// racy-twin: deadlock_philosophers_dine.c
// mutants: none: its lock sections nest on purpose (a deadlock test): deleting one lock of a
//   nested pair leaves the data guarded by the other, or written by one thread alone
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t fork0 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t fork1 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t fork2 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t fork3 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t fork4 = PTHREAD_MUTEX_INITIALIZER;

static pthread_mutex_t ledger_lock = PTHREAD_MUTEX_INITIALIZER;
static long courses;   /* guarded by ledger_lock */

static void
dine (pthread_mutex_t *first, pthread_mutex_t *second)
{
  pthread_mutex_lock (first);
  pthread_mutex_lock (second);
  pthread_mutex_lock (&ledger_lock);
  courses++;
  pthread_mutex_unlock (&ledger_lock);
  pthread_mutex_unlock (second);
  pthread_mutex_unlock (first);
}

static void *plato (void *arg) { for (int i = 0; i < 100; i++) dine (&fork0, &fork1); return arg; }
static void *kant (void *arg) { for (int i = 0; i < 100; i++) dine (&fork1, &fork2); return arg; }
static void *hume (void *arg) { for (int i = 0; i < 100; i++) dine (&fork2, &fork3); return arg; }
static void *locke (void *arg) { for (int i = 0; i < 100; i++) dine (&fork3, &fork4); return arg; }
static void *mill (void *arg) { for (int i = 0; i < 100; i++) dine (&fork0, &fork4); return arg; }

int
main (void)
{
  void *(*const seat[]) (void *) = { plato, kant, hume, locke, mill };
  pthread_t t[5];
  for (int i = 0; i < 5; i++)
    pthread_create (&t[i], NULL, seat[i], NULL);
  for (int i = 0; i < 5; i++)
    pthread_join (t[i], NULL);
  printf ("%ld courses\n", courses);
  return 0;
}
