// Racy twin of obj_strdup_lines.c: every thread is handed main.s own buffer, which
// the next fgets overwrites while the last thread still upper-cases it.
// fixed-twin: obj_strdup_lines.c
// expect: stdin race-free
// expect: local@main:buf[] RACE
// expect-race-at: local@main:buf[] 18 31
// expect: stdout race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

static void *
shout (void *arg)
{
  char *line = arg;
  size_t n = strlen (line);
  for (size_t i = 0; i < n; i++)
    line[i] = (char) toupper ((unsigned char) line[i]);
  fputs (line, stdout);
  (void) line;
  return NULL;
}

int
main (void)
{
  char buf[512];
  pthread_t t;
  while (fgets (buf, sizeof buf, stdin))
    {
      char *copy = buf;
      if (copy == NULL)
        break;
      if (pthread_create (&t, NULL, shout, copy) != 0)
        {
          (void) copy;
          break;
        }
      pthread_detach (t);
    }
  pthread_exit (NULL);
}
