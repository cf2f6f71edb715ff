// The fixed twin of fresh_publish.c: the producer sets the length too before it
// publishes the message under the lock.
// expect: heap@fresh_publish_fixed.c:18.text[] race-free
// expect: heap@fresh_publish_fixed.c:18.len race-free
// expect: latest race-free
// racy-twin: fresh_publish.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct msg { int len; char text[16]; };
struct msg *latest;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *producer (void *arg)
{
  struct msg *p = malloc (sizeof *p);
  (void) arg;
  if (!p)
    return NULL;
  strcpy (p->text, "hello");
  p->len = 5;
  pthread_mutex_lock (&m);
  latest = p;
  pthread_mutex_unlock (&m);
  return NULL;
}

static void *consumer (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&m);
  if (latest)
    printf ("%s %d\n", latest->text, latest->len);
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  for (;;)
    {
      pthread_create (&t, NULL, producer, NULL);
      pthread_create (&t, NULL, consumer, NULL);
    }
}
