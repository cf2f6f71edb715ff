// Another spelling of a program whose functions are shared (here forced with a tiny
// --inline-budget 20): request handlers reached through a table of function pointers,
// each inlined at the call through the pointer and logging through log_line (), which
// counts lines under `log_lock` and is called from eight places: it is shared, one
// copy per thread that every handler jumps to. Every update of `lines` and `served`
// stays under its lock.
// args: --inline-budget 20
// expect: handlers[] race-free
// expect: lines race-free
// expect: served race-free
// racy-twin: share_dispatch_racy.c
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static long lines, served;

static void
log_line (const char *what, int code)
{
  pthread_mutex_lock (&log_lock);
  lines++;
  pthread_mutex_unlock (&log_lock);
  (void) what;
  (void) code;
}

static void
count_served (void)
{
  pthread_mutex_lock (&stats_lock);
  served++;
  pthread_mutex_unlock (&stats_lock);
}

static void on_get (int c) { log_line ("get", c); count_served (); log_line ("get done", c); }
static void on_put (int c) { log_line ("put", c); count_served (); log_line ("put done", c); }
static void on_del (int c) { log_line ("del", c); count_served (); log_line ("del done", c); }
static void on_head (int c) { log_line ("head", c); log_line ("head done", c); }

static void (*const handlers[]) (int) = { on_get, on_put, on_del, on_head };

static void *
worker (void *arg)
{
  for (int r = 0; r < 100; r++)
    handlers[(r + (int) (long) arg) % 4] (r);
  return NULL;
}

int
main (void)
{
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create (&t[i], NULL, worker, (void *) i);
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  printf ("%ld %ld\n", lines, served);
  return 0;
}
