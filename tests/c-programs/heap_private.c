// Thread-private heap objects: each worker's buffer is reached only through a local
// pointer that is dereferenced, tested and freed, never stored or passed on, so the
// objects of that allocation site are private to their threads and give no shared
// location. (`(b = malloc (...)) == NULL` is a test, not an escape.)
// expect: done race-free
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct buf { int len; char text[32]; };
int done;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  struct buf *b;
  (void) arg;
  if ((b = malloc (sizeof *b)) == NULL)
    return NULL;
  memset (b->text, 0, sizeof b->text);
  b->len = (int) strlen (b->text);
  b = realloc (b, sizeof *b * 2);
  if (b)
    b[1].len = b->len;
  free (b);
  pthread_mutex_lock (&m);
  done++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    pthread_create (&t, NULL, worker, NULL);
}
