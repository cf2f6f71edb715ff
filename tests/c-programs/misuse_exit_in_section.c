// misuse_exit_in_section.c: a logger thread writes records under log_lock and, on a write
// error, calls pthread_exit while it still holds log_lock: the thread ends with the mutex
// locked, and the other loggers block on it for ever.
// expect: stdout race-free
// expect: stderr race-free
// expect: records race-free
// expect-deadlock: end holding log_lock: HELD AT END
// fixed-twin: misuse_exit_in_section_fixed.c
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static long records;   /* guarded by log_lock */

static void
log_record (FILE *out, int n)
{
  pthread_mutex_lock (&log_lock);
  if (fprintf (out, "record %d\n", n) < 0)
    pthread_exit (NULL);
  records++;
  pthread_mutex_unlock (&log_lock);
}

static void *
logger (void *arg)
{
  for (int i = 0; i < 10; i++)
    log_record ((FILE *) arg, i);
  return NULL;
}

int
main (void)
{
  pthread_t a, b;
  pthread_create (&a, NULL, logger, stdout);
  pthread_create (&b, NULL, logger, stderr);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
