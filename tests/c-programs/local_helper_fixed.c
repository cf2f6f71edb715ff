// Locals whose address is passed to helpers with a body (directly, or in the variadic
// part of a call) but only read or filled in there stay private to their thread; the
// value published is a copy in the heap.
// expect: last race-free
// expect: heap@local_helper_fixed.c:26 race-free
// expect: local@worker:kept_va race-free
// known-gap: local@worker:kept_va RACE: a local given in the variadic part of a call counts as
//   reached by other threads (what va_arg reads back is not followed)
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

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
  int *copy = malloc (sizeof *copy);
  *copy = *p;
  pthread_mutex_lock (&m);
  last = copy;
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
  kept = 2;
  keep (&kept);
  kept_va = 3;
  keep_va (1, &kept_va);
  return NULL;
}

static void *
reader (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  int *p = last;
  int v = p ? *p : 0;
  pthread_mutex_unlock (&m);
  return (void *) (long) v;
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
