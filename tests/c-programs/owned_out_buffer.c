// Each worker is handed its own context and allocates its output buffer into it
// (`c->out = malloc (...)`), then fills the buffer through the field; main prints every
// buffer after joining. No two contexts ever hold one buffer, so the buffers do not race.
// racy-twin: owned_out_shared.c
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@owned_out_buffer.c:52.out race-free
// expect: heap@owned_out_buffer.c:52.id race-free
// expect: heap@owned_out_buffer.c:29 race-free
// expect: heap@owned_out_buffer.c:52.len race-free
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

  c->out = malloc (2 * c->len + 1);
  if (c->out == NULL)
    return NULL;
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

  for (int i = 0; i < n; i++)
    {
      struct job *c = calloc (1, sizeof *c);
      if (c == NULL)
        return 1;
      c->id = i;
      c->len = 8 + (size_t) i;
      jobs[i] = c;
      pthread_create (&th[i], NULL, encode, c);
    }
  for (int i = 0; i < n; i++)
    pthread_join (th[i], NULL);
  for (int i = 0; i < n; i++)
    {
      if (jobs[i]->out)
        printf ("%d: %s (%zu)\n", jobs[i]->id, jobs[i]->out, strlen (jobs[i]->out));
      free (jobs[i]->out);
      free (jobs[i]);
    }
  return 0;
}
