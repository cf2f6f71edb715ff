// A server-style loop: main reads lines and hands each one to a detached thread as a
// strdup'ed copy; the thread upper-cases its copy in place, prints it and frees it.
// Each copy is a new object, so the threads never share one.
// racy-twin: obj_strdup_lines_shared.c
// expect: stdin race-free
// expect: heap@obj_strdup_lines.c:33 race-free
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
  free (line);
  return NULL;
}

int
main (void)
{
  char buf[512];
  pthread_t t;
  while (fgets (buf, sizeof buf, stdin))
    {
      char *copy = strdup (buf);
      if (copy == NULL)
        break;
      if (pthread_create (&t, NULL, shout, copy) != 0)
        {
          free (copy);
          break;
        }
      pthread_detach (t);
    }
  pthread_exit (NULL);
}
