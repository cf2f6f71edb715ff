// The fixed twin of va_list_args.c: main writes the name and the count, and the worker
// logs, formats and parses, under one lock, so the accesses through the va_lists are
// protected.
// expect: name[] race-free
// expect: count race-free
// expect: stderr race-free
// racy-twin: va_list_args.c
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
char name[32];
int count;

static void
log_va (const char *fmt, va_list ap)
{
  vfprintf (stderr, fmt, ap);
}

static void
log_line (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  log_va (fmt, ap);
  va_end (ap);
}

static int
format (char *out, size_t n, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int r = vsnprintf (out, n, fmt, ap);
  va_end (ap);
  return r;
}

static int
parse (const char *text, const char *fmt, ...)
{
  va_list ap, copy;
  va_start (ap, fmt);
  va_copy (copy, ap);
  int r = vsscanf (text, fmt, copy);
  va_end (copy);
  va_end (ap);
  return r;
}

static void *
worker (void *arg)
{
  char line[64];
  pthread_mutex_lock (&lock);
  log_line ("%s\n", name);
  format (line, sizeof line, "<%s>", name);
  parse ("42", "%d", &count);
  pthread_mutex_unlock (&lock);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&lock);
  name[0] = 'x';
  count = 1;
  pthread_mutex_unlock (&lock);
  return 0;
}
