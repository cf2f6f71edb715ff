// A server-style loop: main reads lines and hands each one to a detached thread as a
// strdup'ed copy; the thread tokenises its copy in place (strtok_r writes it) and
// frees it. Each copy is a new object, so the threads never share one.
// expect: heap@obj_strdup_strtok.c:37 race-free
// known-gap: heap@obj_strdup_strtok.c:37 RACE: strtok_r's result is resolved by the points-to set, which is the whole allocation site, so a thread given another copy still writes every copy
// expect: stdin race-free
// expect: words race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long words;
static pthread_mutex_t words_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
handle_line (void *arg)
{
  char *line = arg, *save = NULL;
  unsigned long n = 0;
  for (char *tok = strtok_r (line, " \t\n", &save); tok; tok = strtok_r (NULL, " \t\n", &save))
    n++;
  pthread_mutex_lock (&words_lock);
  words += n;
  pthread_mutex_unlock (&words_lock);
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
      if (pthread_create (&t, NULL, handle_line, copy) != 0)
        {
          free (copy);
          break;
        }
      pthread_detach (t);
    }
  pthread_exit (NULL);
}
