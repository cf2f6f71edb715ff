// Creates and joins behind helpers with parameters, the creates checked: a failed
// pthread_create makes start_workers return -1 from inside its loop, and main then
// ends the program; stop_workers counts down over the same slots with a while loop.
// expect: argv[] race-free
// expect: argv strings race-free
// expect: heap@join_param_checked.c:64 race-free
// expect: stderr race-free
// expect: strerror() state race-free
// expect: digest race-free
// racy-twin: join_param_checked_partial.c
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t digest;
static pthread_mutex_t digest_mu = PTHREAD_MUTEX_INITIALIZER;

static void *
hash_block (void *arg)
{
  uint64_t h = 1469598103934665603ULL;
  for (unsigned k = 0; k < 4096; k++)
    h = (h ^ ((uintptr_t) arg + k)) * 1099511628211ULL;
  pthread_mutex_lock (&digest_mu);
  digest ^= h;
  pthread_mutex_unlock (&digest_mu);
  return NULL;
}

static int
start_workers (pthread_t *handles, size_t count)
{
  for (size_t i = 0; i < count; i++)
    {
      int rc = pthread_create (&handles[i], NULL, hash_block, (void *) (uintptr_t) i);
      if (rc != 0)
        {
          fprintf (stderr, "start_workers: %s\n", strerror (rc));
          return -1;
        }
    }
  return 0;
}

static void
stop_workers (pthread_t *handles, size_t count)
{
  size_t i = count;
  while (i > 0)
    {
      i--;
      pthread_join (handles[i], NULL);
    }
}

int
main (int argc, char **argv)
{
  size_t count = argc == 2 ? strtoul (argv[1], NULL, 0) : 4;
  if (count == 0)
    count = 1;
  pthread_t *h = calloc (count, sizeof (pthread_t));
  if (!h)
    return EXIT_FAILURE;
  if (start_workers (h, count) < 0)
    return EXIT_FAILURE;
  stop_workers (h, count);
  printf ("digest(%zu) = %016llx\n", count, (unsigned long long) digest);
  free (h);
  return 0;
}
