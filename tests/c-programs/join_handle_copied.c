// A handle that is assigned (copied from another variable) is not known to hold the
// thread pthread_create stored: the join on it gives no ordering (warning), so the
// read after it is reported. Here that is a real race: u holds the idle thread.
// expect: result RACE
// expect-stderr: warning: pthread_join(u): the handle is not only set by pthread_create
// fixed-twin: join_wrong_thread_fixed.c
#include <pthread.h>
int result;

static void *writer (void *arg)
{
  (void) arg;
  result = 1;
  return NULL;
}

static void *idle (void *arg)
{
  return arg;
}

int main (void)
{
  pthread_t t1, t2, u;
  pthread_create (&t1, NULL, idle, NULL);
  pthread_create (&t2, NULL, writer, NULL);
  u = t1;
  pthread_join (u, NULL);
  return result;
}
