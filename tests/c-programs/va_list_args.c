// A va_list stands for the variable arguments of the function that started it:
// vprintf reads what they point to and vsscanf writes it. The workers log the shared
// name through a variadic wrapper that hands its va_list to another function
// (vfprintf), format it with vsnprintf, and parse into the shared count with vsscanf,
// while main writes both with no lock. Before, a va_list argument was only the
// va_list object itself, and these accesses were lost.
// expect: name[] RACE
// expect: count RACE
// expect: stderr race-free
// fixed-twin: va_list_args_fixed.c
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
  log_line ("%s\n", name);
  format (line, sizeof line, "<%s>", name);
  parse ("42", "%d", &count);
  return arg;
}

int
main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  name[0] = 'x';
  count = 1;
  return 0;
}
