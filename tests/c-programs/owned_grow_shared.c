// Like owned_grow.c, but main starts every report with the one buffer it allocated
// before the loop: until a worker grows it, every report holds it, and the workers
// race on it (and on its realloc).
// fixed-twin: owned_grow.c
// expect: heap@owned_grow_shared.c:67.buf race-free
// expect: heap@owned_grow_shared.c:32 RACE
// expect: heap@owned_grow_shared.c:61 RACE
// expect: stdout race-free
// expect: heap@owned_grow_shared.c:67.id race-free
// expect: heap@owned_grow_shared.c:67.len race-free
// expect: heap@owned_grow_shared.c:67.cap race-free
// expect-race-at: heap@owned_grow_shared.c:61 38 32
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
  char *start = calloc (256, 1);
  if (start == NULL)
    return 1;

  for (int i = 0; i < N; i++)
    {
      struct report *r = calloc (1, sizeof *r);
      if (r == NULL)
        return 1;
      r->id = i;
      r->buf = start;
      r->cap = 256;
      rs[i] = r;
      pthread_create (&t[i], NULL, work, r);
    }
  for (int i = 0; i < N; i++)
    pthread_join (t[i], NULL);
  for (int i = 0; i < N; i++)
    {
      fputs (rs[i]->buf ? rs[i]->buf : "", stdout);
      free (rs[i]);
    }
  return 0;
}
