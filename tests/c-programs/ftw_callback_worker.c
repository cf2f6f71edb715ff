// RACY twin of ftw_callback.c: a worker walks a directory too, so the callback runs in
// that worker (inside its ftw call) while main's runs or the other workers read the
// sums: the unlocked sums race, and so does ftw's own state (ftw is not thread-safe).
// expect: total_size RACE
// expect-race-at: total_size 28 40
// expect: nfiles RACE
// expect: share race-free
// expect: ftw() state RACE
// expect: argv[] race-free
// expect: argv strings race-free
// expect-stderr: warning: 'ftw' may call 'visit': assumed to call it any number of times before it returns
// fixed-twin: ftw_callback.c
#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/stat.h>

static long total_size;
static int nfiles;
static long share;
static pthread_mutex_t share_lock = PTHREAD_MUTEX_INITIALIZER;

static int
visit (const char *path, const struct stat *sb, int flag)
{
  if (flag == FTW_F)
    {
      total_size += (long) sb->st_size;
      nfiles++;
      printf ("%s\n", path);
    }
  return 0;
}

static void *
worker (void *arg)
{
  if (arg)
    ftw ((const char *) arg, visit, 16);
  long part = nfiles > 0 ? total_size / nfiles : 0;
  pthread_mutex_lock (&share_lock);
  share += part;
  pthread_mutex_unlock (&share_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t t[4];
  if (ftw (argc > 1 ? argv[1] : ".", visit, 16) != 0)
    return 1;
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, worker, i == 0 && argc > 2 ? argv[2] : NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", share);
  return 0;
}
