// RACY twin of mmap_scan.c: a worker turns verbose off once it has reported, while
// the others read it. Its fixed twin's header follows.
//
// Workers map a file each with mmap, count its lines, report the count under a lock
// and unmap it. A mapping is memory of its own (an object of the mmap call), and
// munmap frees that object only: it does not write the options main set before it
// started the workers, nor the stat buffer each worker keeps on its own stack (fstat
// writes it and keeps no pointer to it). Each mapping stays in the thread that made
// it, so it is no shared location at all.
// expect: verbose RACE
// expect-race-at: verbose 53 54
// expect: total_lines race-free
// expect: argv[] race-free
// expect: argv strings race-free
// expect: stderr race-free
// expect: heap@mmap_scan_verbose.c:67 race-free
// fixed-twin: mmap_scan.c
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int verbose;
static long total_lines;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void *
scan (void *arg)
{
  const char *path = arg;
  struct stat sb;
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    return NULL;
  if (fstat (fd, &sb) != 0 || sb.st_size == 0)
    {
      close (fd);
      return NULL;
    }
  unsigned char *buf = mmap (NULL, (size_t) sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (buf == MAP_FAILED)
    {
      close (fd);
      return NULL;
    }
  long n = 0;
  for (off_t i = 0; i < sb.st_size; i++)
    if (buf[i] == '\n')
      n++;
  if (verbose)
    fprintf (stderr, "%s: %ld lines\n", path, n), verbose = 0;
  munmap (buf, (size_t) sb.st_size);
  close (fd);
  pthread_mutex_lock (&total_lock);
  total_lines += n;
  pthread_mutex_unlock (&total_lock);
  return NULL;
}

int
main (int argc, char **argv)
{
  verbose = getenv ("VERBOSE") != NULL;
  pthread_t *t = calloc ((size_t) argc, sizeof *t);
  if (!t)
    return 1;
  for (int i = 1; i < argc; i++)
    pthread_create (&t[i], NULL, scan, argv[i]);
  for (int i = 1; i < argc; i++)
    pthread_join (t[i], NULL);
  printf ("%ld\n", total_lines);
  return 0;
}
