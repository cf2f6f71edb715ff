// A __thread variable is private to each thread only while its address stays in
// that thread: main publishes the address of its own copy, and the workers increment
// main's copy through it. One location then stands for every thread's copy.
// expect: mine RACE
// expect: shared_ptr race-free
// fixed-twin: thread_local_escape_fixed.c
#include <pthread.h>

static __thread int mine;
int *shared_ptr;

static void *worker (void *arg)
{
  mine++;
  (*shared_ptr)++;
  return arg;
}

int main (void)
{
  pthread_t t1, t2;
  shared_ptr = &mine;
  pthread_create (&t1, NULL, worker, NULL);
  pthread_create (&t2, NULL, worker, NULL);
  return 0;
}
