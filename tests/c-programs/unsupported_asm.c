// Inline asm with unknown effects is a located error (exit 2), never ignored.
// expect-exit: 2
// expect-stderr: unsupported_asm.c:12:3: error: unsupported: asm statement
#include <pthread.h>

int x;

static void *worker (void *arg)
{
  (void) arg;
  x = 1;
  __asm__ volatile ("" ::: "memory");
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  return 0;
}
