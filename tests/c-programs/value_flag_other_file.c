// Two files checked together (the second is tests/c-programs/parts/set_flag.c): the
// flag is set by the other file, through its own `extern` declaration. A global is one
// object under all its declarations, so racefree follows the flag (the workers wait
// while it is 0) with the other file's store of 2 among its values, and the threads
// that find it set race on the data (had the store been missed, the flag would seem
// to stay 0 and the workers never to pass their wait).
// args: tests/c-programs/parts/set_flag.c
// expect: flag race-free
// expect: data RACE
// expect-race-at: data 28 28
#include <pthread.h>

int flag;
int data;
void set_flag (void);
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t set = PTHREAD_COND_INITIALIZER;

static void *
worker (void *arg)
{
  pthread_mutex_lock (&m);
  while (flag == 0)
    pthread_cond_wait (&set, &m);
  if (flag == 2)
    {
      pthread_mutex_unlock (&m);
      data = 1;
      return arg;
    }
  pthread_mutex_unlock (&m);
  return arg;
}

int
main (void)
{
  pthread_t x, y;
  pthread_create (&x, 0, worker, 0);
  pthread_create (&y, 0, worker, 0);
  pthread_mutex_lock (&m);
  set_flag ();
  pthread_cond_broadcast (&set);
  pthread_mutex_unlock (&m);
  return 0;
}
