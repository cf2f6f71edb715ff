// One thread per command-line argument: the bound is argc, the index starts at 1,
// each thread gets its argument; a thread created outside the loops exists in the
// racy twin only.
// expect: lines race-free
// expect: argv[] race-free
// expect: argv strings race-free
// racy-twin: join_all_extra_thread.c
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
  pthread_t t[argc];
  for (int i = 1; i < argc; i++)
    pthread_create (&t[i], NULL, count_name, argv[i]);
  for (int i = 1; i < argc; i++)
    pthread_join (t[i], NULL);
  printf ("%zu\n", lines);
  return 0;
}
