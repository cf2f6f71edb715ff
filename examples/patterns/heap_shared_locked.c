// Pattern: one shared heap object, locked — as heap_shared.c, but every update of the
// shared record holds a global mutex.
// expect: heap@heap_shared_locked.c:36.requests race-free
// expect: heap@heap_shared_locked.c:36.errors race-free
// why: main initialises the record (calloc) before creating any worker; afterwards its
//   fields are only touched under stats_lock.
// racy-twin: heap_shared.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct stats
{
  long requests;
  long errors;
};

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  struct stats *st = arg;
  for (int i = 0; i < 1000; i++)
    {
      pthread_mutex_lock (&stats_lock);
      st->requests++;
      if (i % 97 == 0)
        st->errors++;
      pthread_mutex_unlock (&stats_lock);
    }
  return NULL;
}

int main (void)
{
  struct stats *st = calloc (1, sizeof *st);
  if (!st)
    return 1;
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, st);
}
