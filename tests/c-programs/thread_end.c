// pthread_exit, abort and exit end the thread (a called function's too): the updates
// after them never run, so they race with nothing; the ones before run under the lock.
// expect: started race-free
// expect: after_exit race-free
// expect: after_abort race-free
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int started, after_exit, after_abort;

static void leave (void)
{
  pthread_exit (NULL);
}

static void *quitter (void *arg)
{
  pthread_mutex_lock (&m);
  started++;
  pthread_mutex_unlock (&m);
  leave ();
  after_exit++;
  return arg;
}

static void *crasher (void *arg)
{
  pthread_mutex_lock (&m);
  started++;
  pthread_mutex_unlock (&m);
  if (arg)
    exit (1);
  abort ();
  after_abort++;
  return arg;
}

int main (void)
{
  pthread_t t;
  for (;;)
    {
      pthread_create (&t, NULL, quitter, NULL);
      pthread_create (&t, NULL, crasher, NULL);
    }
}
