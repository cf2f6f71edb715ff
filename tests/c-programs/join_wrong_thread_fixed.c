// The fixed twin of join_wrong_thread.c and join_handle_copied.c: main joins the
// writer, through the handle pthread_create set, before it reads the result.
// expect: result race-free
// racy-twin: join_wrong_thread.c join_handle_copied.c
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
  pthread_t t1, t2;
  pthread_create (&t1, NULL, idle, NULL);
  pthread_create (&t2, NULL, writer, NULL);
  pthread_join (t2, NULL);
  pthread_join (t1, NULL);
  return result;
}
