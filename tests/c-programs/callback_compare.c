// A search routine takes a match callback and tests it against NULL through an
// integer cast, as CIL-merged and older code spells it (`(unsigned int) mfun ==
// (unsigned int) (void *) 0`). Comparing a pointer turned into an integer gives only
// the outcome away, not the address: the callback stays a function the workers call,
// not one that code without a body (the program calls some) may run at any time.
// expect: ignore_case race-free
// expect: n_matches race-free
// expect: argv[] race-free
// expect: argv strings race-free
// racy-twin: callback_compare_hook.c
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern int report_progress (int done);  /* defined elsewhere: no body here */

static int ignore_case;
static int n_matches;
static pthread_mutex_t matches_lock = PTHREAD_MUTEX_INITIALIZER;

static int
on_match (const char *text, size_t pos)
{
  (void) text;
  pthread_mutex_lock (&matches_lock);
  n_matches += ignore_case ? 1 : (int) (pos > 0) + 1;
  pthread_mutex_unlock (&matches_lock);
  return 0;
}

static int
search (const char *text, const char *pat, int (*mfun) (const char *, size_t))
{
  if ((uintptr_t) mfun == (uintptr_t) (void *) 0 || !(uintptr_t) mfun)
    return -1;
  size_t m = strlen (pat);
  for (size_t j = 0; text[j]; j++)
    if (strncmp (text + j, pat, m) == 0 && mfun (text, j) != 0)
      return 1;
  return 0;
}

static void *
worker (void *arg)
{
  search (arg, "ab", on_match);
  report_progress (1);
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t[8];
  int n = argc - 1 < 8 ? argc - 1 : 8;
  ignore_case = argc > 4;
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], NULL, worker, argv[i + 1]);
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  printf ("%d\n", n_matches);
  return 0;
}
