// misuse_join_detached_attr_pool.c fixed: the attribute is made joinable (by name), so
// the last flusher started can be joined.
// expect: flushed race-free
// expect: stderr race-free
#include <pthread.h>
#include <stdio.h>

#define NFLUSH 4

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long flushed;   /* guarded by m */

static void *
flusher (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  flushed++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_attr_t attr;
  pthread_t last;
  int rc;

  pthread_attr_init (&attr);
  pthread_attr_setstacksize (&attr, 1 << 20);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_JOINABLE);
  for (int i = 0; i < NFLUSH; i++)
    {
      rc = pthread_create (&last, &attr, flusher, NULL);
      if (rc != 0)
        {
          fprintf (stderr, "pthread_create: %d\n", rc);
          return 1;
        }
    }
  pthread_attr_destroy (&attr);
  pthread_join (last, NULL);   /* the others are never joined: they leak, no misuse */
  pthread_mutex_lock (&m);
  printf ("%ld\n", flushed);
  pthread_mutex_unlock (&m);
  return 0;
}
