// Library functions with hidden state (POSIX's functions that need not be thread-safe):
// two threads calling them at once race on the state, a location named after the
// family. Each worker here calls them with no lock, or reads through what one returned
// after the lock that guarded the call is released: rand, lrand48 through a function
// pointer, strerror, strtok (one thread may go on tokenising another's string),
// localtime's static struct (its result read outside the lock while gmtime, which
// shares it, runs), getpwnam's strings (read through the pointer the struct holds),
// getenv while setenv runs, putchar_unlocked while printf runs, getopt writing optind
// while a worker reads it, lgamma writing signgam.
// expect: rand() state RACE
// expect: drand48() state RACE
// expect: strerror() state RACE
// expect: generate race-free
// expect: strtok() state RACE
// expect: lines[][] RACE
// expect: localtime() state RACE
// expect: getpwnam() state RACE
// expect: getenv() state RACE
// expect: stdio streams RACE
// expect: optind RACE
// expect: signgam RACE
// expect: argv[] race-free
// expect: getopt() state race-free
// fixed-twin: libstate_fixed.c
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
char lines[4][32];
long (*generate) (void) = lrand48;

static void *
roller (void *arg)
{
  int a = rand ();
  long b = generate ();
  return (void *) (long) (a + b + (arg != NULL));
}

static void *
failure (void *arg)
{
  const char *why = strerror (arg ? errno : EINVAL);
  return (void *) (long) why[0];
}

static void *
tokens (void *arg)
{
  char *line = lines[(long) arg & 3];
  for (char *t = strtok (line, " "); t; t = strtok (NULL, " "))
    t[0] = 'x';
  return NULL;
}

static void *
clock_reader (void *arg)
{
  time_t now = time (NULL);
  pthread_mutex_lock (&lock);
  struct tm *tm = (long) arg ? localtime (&now) : gmtime (&now);
  pthread_mutex_unlock (&lock);
  return (void *) (long) tm->tm_hour;   /* another thread's gmtime may rewrite it */
}

static void *
user_name (void *arg)
{
  pthread_mutex_lock (&lock);
  struct passwd *pw = getpwnam (arg ? "root" : "daemon");
  pthread_mutex_unlock (&lock);
  return pw ? (void *) (long) pw->pw_name[0] : NULL;
}

static void *
environment (void *arg)
{
  if (arg)
    setenv ("LANG", "C", 1);
  else
    return getenv ("LANG");
  return NULL;
}

static void *
output (void *arg)
{
  if (arg)
    putchar_unlocked ('x');
  else
    printf ("%s\n", "y");
  return NULL;
}

static void *
options_reader (void *arg)
{
  return (void *) (long) (optind + (arg != NULL));
}

static void *
gamma_sign (void *arg)
{
  return (void *) (long) (lgamma (arg ? 0.5 : -0.5) + signgam);
}

int
main (int argc, char **argv)
{
  pthread_t t;
  void *(*workers[]) (void *) = { roller, failure, tokens, clock_reader, user_name, environment, output, gamma_sign };
  pthread_create (&t, NULL, options_reader, NULL);
  while (getopt (argc, argv, "v") != -1)
    ;
  for (long i = 0; i < 2; i++)
    for (unsigned k = 0; k < sizeof workers / sizeof workers[0]; k++)
      pthread_create (&t, NULL, workers[k], (void *) i);
  return 0;
}
