// pthread_join of the other thread: main joins the reader, not the writer, and
// then reads the result that the writer may still be writing. Each handle has its
// own exit token, so joining t1 says nothing about the thread created with t2.
// expect: result RACE
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
  pthread_join (t1, NULL);
  return result;
}
