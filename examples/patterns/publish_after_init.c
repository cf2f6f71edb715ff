// Pattern: publication after initialisation — a producer fills in a new message, then
// makes it visible in the (locked) mailbox.
// expect: mailbox race-free
// expect: heap@publish_after_init.c:29.id race-free
// expect: heap@publish_after_init.c:29.len race-free
// why: the producer writes the fields of a message while no other thread can reach it; it
//   publishes the pointer under box_lock, and a consumer reads the fields only after
//   reading the pointer under the same lock, so the writes happen before the reads. The
//   producer never touches a message again after publishing it.
// racy-twin: publish_before_init.c
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct message
{
  int id;
  int len;
};

static struct message *mailbox;
static pthread_mutex_t box_lock = PTHREAD_MUTEX_INITIALIZER;

static void *producer (void *arg)
{
  (void) arg;
  for (int id = 1; id <= 1000; id++)
    {
      struct message *m = malloc (sizeof *m);
      if (!m)
        return NULL;
      m->id = id;
      m->len = 0;
      pthread_mutex_lock (&box_lock);
      mailbox = m;
      pthread_mutex_unlock (&box_lock);
    }
  return NULL;
}

static void *consumer (void *arg)
{
  (void) arg;
  for (;;)
    {
      pthread_mutex_lock (&box_lock);
      struct message *m = mailbox;
      pthread_mutex_unlock (&box_lock);
      if (m)
        printf ("message %d (%d bytes)\n", m->id, m->len);
    }
  return NULL;
}

int main (void)
{
  pthread_t p, c;
  pthread_create (&p, NULL, producer, NULL);
  pthread_create (&c, NULL, consumer, NULL);
  pthread_join (p, NULL);
  return 0;
}
