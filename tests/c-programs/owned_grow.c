// Each worker builds a report in its own context's buffer, growing it with
// `c->buf = realloc (c->buf, cap)`: the field gets its own buffer back (or a new one),
// so each buffer stays in one context, and the workers never share one.
// racy-twin: owned_grow_shared.c
// expect: heap@owned_grow.c:62.buf race-free
// expect: heap@owned_grow.c:30 race-free
// expect: stdout race-free
// expect: heap@owned_grow.c:62.id race-free
// expect: heap@owned_grow.c:62.len race-free
// expect: heap@owned_grow.c:62.cap race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct report
{
  int id;
  size_t len, cap;
  char *buf;
};

static void
append (struct report *r, const char *s)
{
  size_t n = strlen (s);
  if (r->len + n + 1 > r->cap)
    {
      size_t cap = 2 * (r->len + n + 1);
      char *p = realloc (r->buf, cap);
      if (p == NULL)
        abort ();
      r->buf = p;
      r->cap = cap;
    }
  memcpy (r->buf + r->len, s, n + 1);
  r->len += n;
}

static void *
work (void *arg)
{
  struct report *r = arg;
  char line[64];
  for (int k = 0; k < 10; k++)
    {
      snprintf (line, sizeof line, "worker %d step %d\n", r->id, k);
      append (r, line);
    }
  return NULL;
}

int
main (void)
{
  enum { N = 4 };
  pthread_t t[N];
  struct report *rs[N];

  for (int i = 0; i < N; i++)
    {
      struct report *r = calloc (1, sizeof *r);
      if (r == NULL)
        return 1;
      r->id = i;
      rs[i] = r;
      pthread_create (&t[i], NULL, work, r);
    }
  for (int i = 0; i < N; i++)
    pthread_join (t[i], NULL);
  for (int i = 0; i < N; i++)
    {
      fputs (rs[i]->buf ? rs[i]->buf : "", stdout);
      free (rs[i]->buf);
      free (rs[i]);
    }
  return 0;
}
