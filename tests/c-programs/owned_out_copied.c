// Like owned_out_buffer.c, but main makes each context a copy of a prototype whose
// output buffer it allocated once (memcpy), so every worker writes that one buffer and
// they race on it. Memory holding the field is copied, so the field owns nothing.
// fixed-twin: owned_out_buffer.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@owned_out_copied.c:49 RACE
// expect: heap@owned_out_copied.c:54.id race-free
// expect: heap@owned_out_copied.c:54.len race-free
// expect: heap@owned_out_copied.c:54.out race-free
// expect-race-at: heap@owned_out_copied.c:49 32 32
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
  struct job proto = { 0, 8, NULL };

  proto.out = malloc (2 * proto.len + 1);
  if (proto.out == NULL)
    return 1;
  for (int i = 0; i < n; i++)
    {
      struct job *c = malloc (sizeof *c);
      if (c == NULL)
        return 1;
      memcpy (c, &proto, sizeof *c);
      c->id = i;
      jobs[i] = c;
      pthread_create (&th[i], NULL, encode, c);
    }
  for (int i = 0; i < n; i++)
    pthread_join (th[i], NULL);
  printf ("%s\n", proto.out);
  for (int i = 0; i < n; i++)
    free (jobs[i]);
  free (proto.out);
  return 0;
}
