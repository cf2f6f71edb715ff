// A directory walk with ftw, a library function that calls its callback back before
// it returns, with pointers to its own path and stat buffers:
// main sums the file sizes before it starts the workers, which only read the sum.
// The callback runs in main's thread, inside ftw (it is not kept to run later), and
// what its parameters point to is ftw's, not the program's globals.
// expect: total_size race-free
// expect: nfiles race-free
// expect: share race-free
// expect: ftw() state race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect-stderr: warning: 'ftw' may call 'visit': assumed to call it any number of times before it returns
// racy-twin: ftw_callback_worker.c
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
  (void) arg;
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
    pthread_create (&t[i], NULL, worker, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", share);
  return 0;
}
