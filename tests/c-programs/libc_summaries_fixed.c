// libc summaries under a lock: memcpy, strlen, printf and free in one critical
// section; the heap object is freed by one thread only (the first to take it).
// expect: dst[] race-free
// expect: src[] race-free
// expect: shared_buf race-free
// expect: heap@libc_summaries_fixed.c:33 race-free
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char dst[32];
char src[32] = "hello";
int *shared_buf;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  memcpy (dst, src, strlen (src) + 1);
  printf ("%s\n", dst);
  free (shared_buf);
  shared_buf = NULL;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_mutex_lock (&m);
  shared_buf = malloc (16 * sizeof *shared_buf);
  pthread_mutex_unlock (&m);
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
