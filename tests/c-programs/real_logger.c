// A realistic logger: client threads format lines with a variadic function
// (va_list/vsnprintf) into a per-thread scratch buffer (pthread_once,
// pthread_key_create/getspecific/setspecific) and push them into a ring buffer; a
// logger thread drains it under the same mutex and condition variable; _Generic
// picks a formatter; main joins the clients, closes the ring and joins the logger.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: ring.lines[][] race-free
// expect: ring.rd race-free
// expect: ring.wr race-free
// expect: ring.dropped race-free
// expect: ring.closing race-free
// expect: scratch_key race-free
// expect: static@main:ids[] race-free
// expect: min_level race-free
// expect: stdout race-free
// expect: lines_written race-free
// expect: level_names[] race-free
// expect: heap@real_logger.c:75 race-free
// known-gap: heap@real_logger.c:75 RACE: objects of one allocation site are one location: each
//   thread's scratch buffer (and the destructor freeing it) is the same location
// expect-stderr: pthread_key_create: destructor 'scratch_free' taken to run in a thread of its own
#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define RING_SIZE 32
#define LINE_MAX_LEN 128

enum level { LOG_DEBUG, LOG_INFO, LOG_WARN, LOG_ERROR };

static const char *const level_names[] = { "debug", "info", "warn", "error" };

struct ring
{
  char lines[RING_SIZE][LINE_MAX_LEN];
  unsigned rd, wr;
  unsigned dropped;
  bool closing;
  pthread_mutex_t lock;
  pthread_cond_t nonempty;
};

static struct ring ring = { .lock = PTHREAD_MUTEX_INITIALIZER, .nonempty = PTHREAD_COND_INITIALIZER };
static enum level min_level = LOG_INFO;  /* set before the threads start */
static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;
static unsigned long lines_written;      /* only the logger thread writes it */

static void
scratch_free (void *p)
{
  free (p);
}

static void
scratch_make_key (void)
{
  pthread_key_create (&scratch_key, scratch_free);
}

static char *
scratch (void)
{
  pthread_once (&scratch_once, scratch_make_key);
  char *buf = pthread_getspecific (scratch_key);
  if (!buf)
    {
      buf = malloc (LINE_MAX_LEN);
      if (!buf)
        abort ();
      pthread_setspecific (scratch_key, buf);
    }
  return buf;
}

static inline unsigned
ring_used (const struct ring *r)
{
  return r->wr - r->rd;
}

__attribute__ ((format (printf, 2, 3))) static void
log_msg (enum level lvl, const char *fmt, ...)
{
  if (lvl < min_level)
    return;
  char *buf = scratch ();
  va_list ap;
  int n = snprintf (buf, LINE_MAX_LEN, "[%s] ", level_names[lvl]);
  va_start (ap, fmt);
  vsnprintf (buf + n, LINE_MAX_LEN - n, fmt, ap);
  va_end (ap);

  pthread_mutex_lock (&ring.lock);
  if (ring_used (&ring) == RING_SIZE)
    ring.dropped++;
  else
    {
      strcpy (ring.lines[ring.wr % RING_SIZE], buf);
      ring.wr++;
      pthread_cond_signal (&ring.nonempty);
    }
  pthread_mutex_unlock (&ring.lock);
}

static void fmt_int (long v) { log_msg (LOG_INFO, "int %ld", v); }
static void fmt_dbl (double v) { log_msg (LOG_INFO, "double %.3f", v); }
static void fmt_str (const char *v) { log_msg (LOG_INFO, "string %s", v); }
#define LOG_VALUE(x) _Generic ((x), int: fmt_int, long: fmt_int, double: fmt_dbl, \
                               char *: fmt_str, const char *: fmt_str) (x)

static void *
logger_main (void *arg)
{
  FILE *out = arg;
  char line[LINE_MAX_LEN];

  for (;;)
    {
      pthread_mutex_lock (&ring.lock);
      while (ring_used (&ring) == 0 && !ring.closing)
        pthread_cond_wait (&ring.nonempty, &ring.lock);
      if (ring_used (&ring) == 0 && ring.closing)
        {
          pthread_mutex_unlock (&ring.lock);
          break;
        }
      memcpy (line, ring.lines[ring.rd % RING_SIZE], sizeof line);
      ring.rd++;
      pthread_mutex_unlock (&ring.lock);
      fprintf (out, "%s\n", line);
      lines_written++;
    }
  return NULL;
}

static void *
client_main (void *arg)
{
  int id = *(int *) arg;
  struct timespec pause = { 0, 1000000 };

  for (int i = 0; i < 20; i++)
    {
      LOG_VALUE (i * id);
      LOG_VALUE (i / 3.0);
      LOG_VALUE ("tick");
      if (i % 5 == 0)
        log_msg (LOG_WARN, "client %d at %d (%s)", id, i, pthread_equal (pthread_self (), pthread_self ()) ? "me" : "?");
      nanosleep (&pause, NULL);
    }
  return NULL;
}

int
main (int argc, char **argv)
{
  static int ids[4] = { 1, 2, 3, 4 };
  pthread_t logger, clients[4];

  if (argc > 1 && strcmp (argv[1], "-v") == 0)
    min_level = LOG_DEBUG;
  if (pthread_create (&logger, NULL, logger_main, stdout) != 0)
    return 1;
  for (int i = 0; i < 4; i++)
    pthread_create (&clients[i], NULL, client_main, &ids[i]);
  for (int i = 0; i < 4; i++)
    pthread_join (clients[i], NULL);

  pthread_mutex_lock (&ring.lock);
  ring.closing = true;
  pthread_cond_broadcast (&ring.nonempty);
  pthread_mutex_unlock (&ring.lock);
  pthread_join (logger, NULL);
  printf ("%lu lines, %u dropped\n", lines_written, ring.dropped);
  return 0;
}
