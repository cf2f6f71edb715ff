// libc summaries: memcpy writes its destination and reads its source, strlen and
// printf read through their pointers, free writes the object; heap by site (typed
// by the int pointer it is stored in, so free does not touch the char arrays).
// expect: dst[] RACE
// expect: src[] race-free
// expect: shared_buf race-free
// expect: heap@libc_summaries.c:28 RACE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char dst[32];
char src[32] = "hello";
int *shared_buf;

static void *worker (void *arg)
{
  (void) arg;
  memcpy (dst, src, strlen (src) + 1);
  printf ("%s\n", dst);
  free (shared_buf);
  return NULL;
}

int main (void)
{
  shared_buf = malloc (16 * sizeof *shared_buf);
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
  return 0;
}
