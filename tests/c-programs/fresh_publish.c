// Allocate, fill in, then publish under a lock: the producer's writes before the
// publication touch an object no other thread can reach yet; the consumer reads the
// published message under the lock. The length, set after publishing without the
// lock, races with the consumer's read.
// expect: heap@fresh_publish.c:19.text[] race-free
// expect: heap@fresh_publish.c:19.len RACE
// expect: latest race-free
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
  pthread_mutex_lock (&m);
  latest = p;
  pthread_mutex_unlock (&m);
  p->len = 5;
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
