// Racy twin of stdio_stream_heap.c: main prints the buffer itself while the workers
// still append to it: fputs reads its string argument.
// fixed-twin: stdio_stream_heap.c
// expect: log_buf race-free
// expect: heap@stdio_stream_heap_shared.c:34 RACE
// expect: stdout race-free
// expect: log_len race-free
// expect-race-at: heap@stdio_stream_heap_shared.c:34 39 23
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
  fputs (log_buf, stdout);
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  fputs (log_buf, stdout);
  free (log_buf);
  return 0;
}
