// The racy twin of join_all_argc.c: one more thread is started before the loops and
// never joined.
// expect: lines RACE
// expect-race-at: lines 35 21
// expect: argv[] race-free
// expect: argv strings race-free
// fixed-twin: join_all_argc.c
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t lines_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t lines;

static void *
count_name (void *arg)
{
  const char *name = arg;
  size_t len = strlen (name);
  pthread_mutex_lock (&lines_lock);
  lines += len;
  pthread_mutex_unlock (&lines_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t[argc], first;
  pthread_create (&first, NULL, count_name, argv[0]);
  for (int i = 1; i < argc; i++)
    pthread_create (&t[i], NULL, count_name, argv[i]);
  for (int i = 1; i < argc; i++)
    pthread_join (t[i], NULL);
  printf ("%zu\n", lines);
  return 0;
}
