// As value_flag_other_file.c (the flag set by the other file), but the threads that
// find the flag set write the data before they unlock.
// args: tests/c-programs/parts/set_flag.c
// expect: flag race-free
// expect: data race-free
// mutant-skip: 38 the write of flag this lock protects is in parts/set_flag.c, which mutate does not follow
// mutant-skip: 39 the write of flag this moves out of the lock is in parts/set_flag.c, which mutate does not follow
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
      data = 1;
      pthread_mutex_unlock (&m);
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
