// Racy twin of share_dispatch.c: the HEAD handler counts itself as served without
// taking `stats_lock`; the shared copies keep that access.
// args: --inline-budget 20
// expect: handlers[] race-free
// expect: lines race-free
// expect: served RACE
// expect-race-at: served 37 37
// fixed-twin: share_dispatch.c share_chain.c
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
static void on_head (int c) { log_line ("head", c); served++; log_line ("head done", c); }

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
