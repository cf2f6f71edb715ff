// Workers append to a heap buffer (char, so of no particular type) under a lock while
// main prints progress to stdout without it. A FILE * points to a stream of the C
// library: what fputs does to the stream is the `stdio streams` state, not a read of
// the program's memory through the FILE * guessed by type, so main's fputs does not
// touch the buffer.
// racy-twin: stdio_stream_heap_shared.c
// expect: log_buf race-free
// expect: stdout race-free
// expect: heap@stdio_stream_heap.c:36 race-free
// expect: log_len race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *log_buf;
static size_t log_len;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
report (void *arg)
{
  long id = (long) arg;
  pthread_mutex_lock (&log_lock);
  log_len += (size_t) snprintf (log_buf + log_len, 256 - log_len, "w%ld;", id);
  pthread_mutex_unlock (&log_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  (void) argv;
  pthread_t t[4];
  int n = argc < 4 ? argc : 4;
  log_buf = calloc (256, 1);
  if (log_buf == NULL)
    return 1;
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], NULL, report, (void *) (long) i);
  fputs ("started\n", stdout);
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  fputs (log_buf, stdout);
  free (log_buf);
  return 0;
}
