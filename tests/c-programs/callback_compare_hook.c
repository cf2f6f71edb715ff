// RACY twin of callback_compare.c: main also registers the callback, as an integer,
// with code without a body (a progress hook), which may keep it and call it from any
// thread at any time, even while main sets the option the callback reads.
// expect: ignore_case RACE
// expect-race-at: ignore_case 27 58
// expect: n_matches RACE
// expect: argv[] race-free
// expect: argv strings race-free
// fixed-twin: callback_compare.c
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern int report_progress (int done);  /* defined elsewhere: no body here */
extern void register_hook (uintptr_t fn);

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
  register_hook ((uintptr_t) on_match);
  ignore_case = argc > 4;
  for (int i = 0; i < n; i++)
    pthread_create (&t[i], NULL, worker, argv[i + 1]);
  for (int i = 0; i < n; i++)
    pthread_join (t[i], NULL);
  printf ("%d\n", n_matches);
  return 0;
}
