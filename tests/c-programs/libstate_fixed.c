// The fixed twin of libstate.c: every call of a library function with hidden state,
// and every read through what one returned, holds the one lock (or, for getopt, runs
// before the thread reading optind exists), so no two threads touch a state at once.
// expect: rand() state race-free
// expect: drand48() state race-free
// expect: strerror() state race-free
// expect: generate race-free
// expect: strtok() state race-free
// expect: lines[][] race-free
// expect: localtime() state race-free
// expect: getpwnam() state race-free
// expect: getenv() state race-free
// expect: stdio streams race-free
// expect: optind race-free
// expect: signgam race-free
// expect: argv[] race-free
// expect: getopt() state race-free
// racy-twin: libstate.c
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
  pthread_mutex_lock (&lock);
  int a = rand ();
  long b = generate ();
  pthread_mutex_unlock (&lock);
  return (void *) (long) (a + b + (arg != NULL));
}

static void *
failure (void *arg)
{
  pthread_mutex_lock (&lock);
  const char *why = strerror (arg ? errno : EINVAL);
  long c = why[0];
  pthread_mutex_unlock (&lock);
  return (void *) c;
}

static void *
tokens (void *arg)
{
  char *line = lines[(long) arg & 3];
  pthread_mutex_lock (&lock);
  for (char *t = strtok (line, " "); t; t = strtok (NULL, " "))
    t[0] = 'x';
  pthread_mutex_unlock (&lock);
  return NULL;
}

static void *
clock_reader (void *arg)
{
  time_t now = time (NULL);
  pthread_mutex_lock (&lock);
  struct tm *tm = (long) arg ? localtime (&now) : gmtime (&now);
  int hour = tm->tm_hour;
  pthread_mutex_unlock (&lock);
  return (void *) (long) hour;
}

static void *
user_name (void *arg)
{
  pthread_mutex_lock (&lock);
  struct passwd *pw = getpwnam (arg ? "root" : "daemon");
  long c = pw ? pw->pw_name[0] : 0;
  pthread_mutex_unlock (&lock);
  return (void *) c;
}

static void *
environment (void *arg)
{
  long c = 0;
  pthread_mutex_lock (&lock);
  if (arg)
    setenv ("LANG", "C", 1);
  else
    {
      const char *lang = getenv ("LANG");
      c = lang ? lang[0] : 0;
    }
  pthread_mutex_unlock (&lock);
  return (void *) c;
}

static void *
output (void *arg)
{
  pthread_mutex_lock (&lock);
  if (arg)
    putchar_unlocked ('x');
  else
    printf ("%s\n", "y");
  pthread_mutex_unlock (&lock);
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
  pthread_mutex_lock (&lock);
  long s = (long) lgamma (arg ? 0.5 : -0.5) + signgam;
  pthread_mutex_unlock (&lock);
  return (void *) s;
}

int
main (int argc, char **argv)
{
  pthread_t t;
  void *(*workers[]) (void *) = { roller, failure, tokens, clock_reader, user_name, environment, output,
                                  gamma_sign };
  while (getopt (argc, argv, "v") != -1)
    ;
  pthread_create (&t, NULL, options_reader, NULL);
  for (long i = 0; i < 2; i++)
    for (unsigned k = 0; k < sizeof workers / sizeof workers[0]; k++)
      pthread_create (&t, NULL, workers[k], (void *) i);
  return 0;
}
