// Locals whose address is passed to helpers with a body: a local only filled in by
// a helper stays private to its thread; one a helper stores in a global pointer (or
// reads back with va_arg and stores) is reached by the reader thread.
// expect: local@worker:kept RACE
// expect: local@worker:kept_va RACE
// expect: last race-free
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>

int *last;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void
fill (int *p, int v)
{
  *p = v;
}

static void
keep (int *p)
{
  pthread_mutex_lock (&m);
  last = p;
  pthread_mutex_unlock (&m);
}

static void
keep_va (int n, ...)
{
  va_list ap;
  va_start (ap, n);
  keep (va_arg (ap, int *));
  va_end (ap);
}

static void *
worker (void *arg)
{
  int mine, kept, kept_va;
  (void) arg;
  fill (&mine, 1);
  mine++;
  keep (&kept);
  kept = 2;
  keep_va (1, &kept_va);
  kept_va = 3;
  return NULL;
}

static void *
reader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  int *p = last;
  pthread_mutex_unlock (&m);
  return p ? (void *) (long) *p : NULL;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_create (&t, NULL, worker, NULL);
  pthread_create (&t, NULL, reader, NULL);
  return 0;
}
