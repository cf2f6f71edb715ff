// misuse_exit_in_section_fixed.c: a logger thread writes records under log_lock and, on a
// write error, unlocks log_lock before it calls pthread_exit; an exit() on the way (the whole
// process ends) is no thread end holding a lock.
// expect: stdout race-free
// expect: stderr race-free
// expect: records race-free
// mutant-skip: 20 the test calls exit (), which touches no shared data: moving it out changes no race
// racy-twin: misuse_exit_in_section.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static long records;   /* guarded by log_lock */

static void
log_record (FILE *out, int n)
{
  pthread_mutex_lock (&log_lock);
  if (n < 0)
    exit (2);
  if (fprintf (out, "record %d\n", n) < 0)
    {
      pthread_mutex_unlock (&log_lock);
      pthread_exit (NULL);
    }
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
