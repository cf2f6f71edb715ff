// Like owned_out_buffer.c, but main allocates one output buffer before the loop and
// stores it in every context: all the workers write one buffer, and race on it. The
// field holds a pointer that is already elsewhere, so it owns nothing.
// fixed-twin: owned_out_buffer.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@owned_out_shared.c:47 RACE
// expect: heap@owned_out_shared.c:53.id race-free
// expect: heap@owned_out_shared.c:53.len race-free
// expect: heap@owned_out_shared.c:53.out race-free
// expect-race-at: heap@owned_out_shared.c:47 32 32
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct job
{
  int id;
  size_t len;
  char *out;
};

static void *
encode (void *arg)
{
  struct job *c = arg;
  size_t o = 0;

  for (size_t k = 0; k < c->len; k++)
    {
      c->out[o++] = (char) ('a' + (c->id + (int) k) % 26);
      c->out[o++] = '-';
    }
  c->out[o] = '\0';
  return c;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 3;
  if (n < 1 || n > 64)
    return 2;
  pthread_t th[64];
  struct job *jobs[64];
  char *buf = malloc (256);
  if (buf == NULL)
    return 1;

  for (int i = 0; i < n; i++)
    {
      struct job *c = calloc (1, sizeof *c);
      if (c == NULL)
        return 1;
      c->id = i;
      c->len = 8;
      c->out = buf;
      jobs[i] = c;
      pthread_create (&th[i], NULL, encode, c);
    }
  for (int i = 0; i < n; i++)
    pthread_join (th[i], NULL);
  printf ("%s\n", buf);
  for (int i = 0; i < n; i++)
    free (jobs[i]);
  free (buf);
  return 0;
}
