// pthread_key_create's destructor runs when a thread with a value ends: here it
// counts freed buffers in a global without the lock the threads use for it.
// expect: freed RACE
// expect: key race-free
// expect: heap@key_destructor.c:29 race-free
// known-gap: heap@key_destructor.c:29 RACE: objects of one allocation site are one location: the
//   destructor runs of two threads free their own buffers
// expect-stderr: pthread_key_create: destructor 'release' taken to run in a thread of its own
#include <pthread.h>
#include <stdlib.h>

static pthread_key_t key;
static int freed;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void
release (void *p)
{
  free (p);
  freed++;
}

static void *
worker (void *arg)
{
  (void) arg;
  char *buf = pthread_getspecific (key);
  if (!buf)
    pthread_setspecific (key, malloc (64));
  pthread_mutex_lock (&m);
  freed--;
  pthread_mutex_unlock (&m);
  return NULL;
}

int
main (void)
{
  pthread_t t1, t2;
  pthread_key_create (&key, release);
  pthread_create (&t1, NULL, worker, NULL);
  pthread_create (&t2, NULL, worker, NULL);
  return 0;
}
