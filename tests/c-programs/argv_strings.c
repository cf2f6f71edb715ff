// main hands a command-line argument (argv, then getopt's permutation) to a worker
// that reads it, while main writes its own buffer: argv points to the program's
// arguments, memory no program object shares, so the worker never reads buf.
// expect: buf[] race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: optind race-free
// expect: getopt() state race-free
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

char buf[64];

static void *
worker (void *arg)
{
  const char *name = arg;
  return (void *) strlen (name);
}

int
main (int argc, char **argv)
{
  pthread_t t;
  while (getopt (argc, argv, "v") != -1)
    ;
  if (optind >= argc)
    return 2;
  pthread_create (&t, NULL, worker, argv[optind]);
  snprintf (buf, sizeof buf, "%d", argc);
  return 0;
}
