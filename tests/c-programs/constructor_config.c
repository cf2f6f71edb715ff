// Settings read by constructors (as the web server knot does: read_config, init_debug
// and init_cycle_clock all have the constructor attribute), then main sets one more and
// starts the workers, which only read the settings. Constructors run in main's thread
// before main, so all of this happens before any thread exists.
// expect: conf_debug race-free
// expect: conf_stack_kb race-free
// expect: ticks_per_us race-free
// expect: use_timer race-free
// expect: requests race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: stderr race-free
// expect: getenv() state race-free
// expect-stderr: warning: 'read_config' is a constructor: assumed run by main's thread before main, at most once, in any order with the other constructors
// racy-twin: constructor_config_thread.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int conf_debug;
long conf_stack_kb = 64;
double ticks_per_us;
int use_timer;
long requests;
static pthread_mutex_t requests_lock = PTHREAD_MUTEX_INITIALIZER;

void read_config (void) __attribute__ ((__constructor__));
void init_clock (void) __attribute__ ((__constructor__));

void
read_config (void)
{
  const char *s = getenv ("KNOT_STACK_KB");
  if (s)
    conf_stack_kb = atol (s);
  conf_debug = getenv ("KNOT_DEBUG") != NULL;
}

void
init_clock (void)
{
  ticks_per_us = 2400.0;
}

static void *
worker (void *arg)
{
  long n = (long) conf_stack_kb + (use_timer ? (long) ticks_per_us : 0);
  if (conf_debug)
    fprintf (stderr, "worker %ld\n", n);
  pthread_mutex_lock (&requests_lock);
  requests += n > 0;
  pthread_mutex_unlock (&requests_lock);
  return arg;
}

int
main (int argc, char **argv)
{
  use_timer = argc > 1 && argv[1][0] == 't';
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", requests);
  return 0;
}
