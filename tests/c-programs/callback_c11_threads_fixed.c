// The fixed twin of callback_c11_threads.c: the start routine counts under a pthread
// mutex (C11 threads are POSIX threads in glibc; mtx_lock has no body to racefree).
// expect: counter race-free
// expect: local@main:t1 race-free
// expect: local@main:t2 race-free
// expect-stderr: warning: 'worker' is passed to code without a body, which may call it: assumed called by any number of threads at any time
// racy-twin: callback_c11_threads.c
#include <pthread.h>
#include <threads.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static int worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  counter++;
  pthread_mutex_unlock (&m);
  return 0;
}

int main (void)
{
  thrd_t t1, t2;
  thrd_create (&t1, worker, NULL);
  thrd_create (&t2, worker, NULL);
  return 0;
}
